/**
 * `npm run irt -- FILE.csv`: calibrates a Rasch model on a 0/1 response matrix and prints the item and person
 * parameters, the items' fit mean-squares and the KR-20 reliability as JSON. The CSV has a header row of item ids and one row per person; blank
 * cells (and cells missing at the end of a row) count as 0. A bad file prints a clear error and exits with 1.
 */
import { readFileSync } from 'node:fs';
import { kr20, raschFit } from '../domain/analisisButir';
import { abilitiesByRawScore, calibrateRasch, type Response } from '../domain/irt';

export class CsvError extends Error {}

export interface ResponseMatrix {
  itemIds: string[];
  rows: Response[][];
}

function splitLine(line: string, separator: string): string[] {
  return line.split(separator).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/**
 * The common row of only 0s and 1s between separators, read character by character (at 100,000 × 200 the general
 * path's split and trims per cell cost seconds); null for anything else, which the general path then reads.
 */
function plainRow(line: string, separator: string, columns: number): Response[] | null {
  if (line.length !== 2 * columns - 1) return null;
  const row = new Array<Response>(columns);
  for (let i = 0; i < columns; i++) {
    const cell = line.charCodeAt(2 * i);
    if (cell !== 48 && cell !== 49) return null; // '0' / '1'
    if (i > 0 && line[2 * i - 1] !== separator) return null;
    row[i] = cell === 49 ? 1 : 0;
  }
  return row;
}

/** Parses the CSV text; throws CsvError naming the line of the first problem. */
export function parseResponseCsv(text: string): ResponseMatrix {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '');
  if (lines.length === 0) throw new CsvError('Berkas CSV kosong');
  // Spreadsheets with a decimal comma export with semicolons; the header decides.
  const separator = lines[0].line.includes(';') && !lines[0].line.includes(',') ? ';' : ',';
  const itemIds = splitLine(lines[0].line, separator);
  itemIds.forEach((id, index) => {
    if (id === '') throw new CsvError(`Header kolom ${index + 1} kosong: setiap kolom butuh id butir`);
  });
  const duplicate = itemIds.find((id, index) => itemIds.indexOf(id) !== index);
  if (duplicate !== undefined)
    throw new CsvError(`Id butir "${duplicate}" muncul lebih dari sekali di header`);
  if (lines.length < 2) throw new CsvError('Berkas CSV tidak memiliki baris data peserta');

  const rows = lines.slice(1).map(({ line, number }) => {
    const plain = plainRow(line, separator, itemIds.length);
    if (plain) return plain;
    const cells = splitLine(line, separator);
    if (cells.length > itemIds.length) {
      throw new CsvError(`Baris ${number}: ${cells.length} kolom, sedangkan header hanya ${itemIds.length}`);
    }
    return itemIds.map((_, index) => {
      const cell = cells[index] ?? '';
      if (cell === '' || cell === '0') return 0 as Response;
      if (cell === '1') return 1 as Response;
      throw new CsvError(`Baris ${number}, kolom ${index + 1}: "${cell}" bukan 0, 1 atau kosong`);
    });
  });
  return { itemIds, rows };
}

export interface IrtReport {
  /** KR-20 over every column (sample variance of the totals); null when the totals do not vary. */
  kr20: number | null;
  /** infit/outfit: Rasch mean-squares as R eRm's itemfit; null for an item everyone answered alike. */
  items: { id: string; difficulty: number; se: number | null; infit: number | null; outfit: number | null }[];
  persons: { row: number; theta: number; se: number }[];
}

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

/**
 * Item difficulties by CML; their fit mean-squares from the persons' ML abilities; person abilities by WLE over the
 * estimated items (extreme items carry no information); KR-20 of the whole matrix.
 */
export function analyse(matrix: ResponseMatrix): IrtReport {
  const calibration = calibrateRasch(matrix.rows);
  const estimated = calibration.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.status === 'estimated' && item.se !== null);
  if (estimated.length < 2) {
    throw new CsvError('Kurang dari dua butir dapat dikalibrasi: jawaban peserta tidak cukup bervariasi');
  }
  const difficulties = estimated.map(({ item }) => item.difficulty);
  // Complete responses: the ability depends on the raw score over the estimated items only.
  const byScore = abilitiesByRawScore(difficulties).map((a) => ({
    theta: round4(a.theta),
    se: round4(a.se),
  }));
  const fit = raschFit(
    matrix.rows,
    difficulties,
    estimated.map(({ index }) => index),
  );
  const fitOf = new Map(estimated.map(({ index }, j) => [index, fit.items[j]]));
  const reliability = kr20(matrix.rows);
  return {
    kr20: reliability === null ? null : round4(reliability),
    items: calibration.items.map((item, index) => {
      const itemFit = fitOf.get(index) ?? null;
      return {
        id: matrix.itemIds[index],
        difficulty: round4(item.difficulty),
        se: item.se === null ? null : round4(item.se),
        infit: itemFit ? round4(itemFit.infit) : null,
        outfit: itemFit ? round4(itemFit.outfit) : null,
      };
    }),
    persons: matrix.rows.map((row, index) => {
      let rawScore = 0;
      for (const { index: item } of estimated) rawScore += row[item];
      return { row: index + 1, ...byScore[rawScore] };
    }),
  };
}

function main(args: string[]): number {
  const file = args[0];
  if (!file) {
    process.stderr.write('Pemakaian: npm run irt -- BERKAS.csv\n');
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    process.stderr.write(`Tidak dapat membaca ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    process.stdout.write(`${JSON.stringify(analyse(parseResponseCsv(text)))}\n`);
    return 0;
  } catch (error) {
    if (error instanceof CsvError) {
      process.stderr.write(`Berkas ${file} tidak valid: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
