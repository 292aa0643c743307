/**
 * `npm run irt -- FILE.csv`: calibrates a Rasch model on a 0/1 response matrix and prints the item and person
 * parameters, the items' fit mean-squares and the KR-20 reliability as JSON. The CSV (read by `responseCsv`) has
 * a header row of item ids and one row per person; blank cells (and cells missing at the end of a row) count as 0.
 * A bad file prints a clear error and exits with 1. The script runs under `node --require tsx/cjs`, not the `tsx`
 * command: that spawns a second Node process and an ESM loader thread, half a second before the first line here.
 */
import { kr20, raschFit } from '../domain/analisisButir';
import { abilitiesByRawScore, calibrateRasch } from '../domain/irt';
import { scoreTable } from '../domain/responseMatrix';
import { CsvError, readResponseCsv, type ResponseTable } from './responseCsv';

interface ItemReport {
  id: string;
  difficulty: number;
  se: number | null;
  /** infit/outfit: Rasch mean-squares as R eRm's itemfit; null for an item everyone answered alike. */
  infit: number | null;
  outfit: number | null;
}

/**
 * What the command prints. Persons are kept as their raw score over the estimated items and the ability of each
 * score, not 100,000 objects: the JSON names every person (`{"row", "theta", "se"}`) as it is written.
 */
export interface IrtReport {
  /** KR-20 over every column (sample variance of the totals); null when the totals do not vary. */
  kr20: number | null;
  items: ItemReport[];
  /** Entry r: the WLE of raw score r over the estimated items, rounded as printed. */
  abilities: { theta: number; se: number }[];
  /** Person p's (row p + 1's) raw score over the estimated items. */
  scores: Int32Array;
}

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

/**
 * Item difficulties by CML; their fit mean-squares from the persons' ML abilities; person abilities by WLE over the
 * estimated items (extreme items carry no information); KR-20 of the whole matrix.
 */
export function analyse({ itemIds, matrix }: ResponseTable): IrtReport {
  const calibration = calibrateRasch(matrix);
  const estimated = calibration.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.status === 'estimated' && item.se !== null);
  if (estimated.length < 2) {
    throw new CsvError('Kurang dari dua butir dapat dikalibrasi: jawaban peserta tidak cukup bervariasi');
  }
  const difficulties = estimated.map(({ item }) => item.difficulty);
  const columns = estimated.map(({ index }) => index);
  const fit = raschFit(matrix, difficulties, columns);
  const fitOf = new Map(estimated.map(({ index }, j) => [index, fit.items[j]]));
  const reliability = kr20(matrix);
  return {
    kr20: reliability === null ? null : round4(reliability),
    items: calibration.items.map((item, index) => {
      const itemFit = fitOf.get(index) ?? null;
      return {
        id: itemIds[index],
        difficulty: round4(item.difficulty),
        se: item.se === null ? null : round4(item.se),
        infit: itemFit ? round4(itemFit.infit) : null,
        outfit: itemFit ? round4(itemFit.outfit) : null,
      };
    }),
    // Complete responses: the ability depends on the raw score over the estimated items only.
    abilities: abilitiesByRawScore(difficulties).map((a) => ({ theta: round4(a.theta), se: round4(a.se) })),
    scores: scoreTable(matrix, columns).scores,
  };
}

/**
 * The report as JSON text, `{"kr20", "items", "persons": [{"row", "theta", "se"}, …]}`, in pieces of about
 * `piece` characters: each score's ability is written once and reused for every person with that score.
 */
export function* reportJson(report: IrtReport, piece = 1 << 16): Generator<string> {
  yield `{"kr20":${JSON.stringify(report.kr20)},"items":${JSON.stringify(report.items)},"persons":[`;
  const tails = report.abilities.map(
    ({ theta, se }) => `,"theta":${JSON.stringify(theta)},"se":${JSON.stringify(se)}}`,
  );
  const { scores } = report;
  let text = '';
  for (let person = 0; person < scores.length; person++) {
    text += `${person === 0 ? '' : ','}{"row":${person + 1}${tails[scores[person]]}`;
    if (text.length >= piece) {
      yield text;
      text = '';
    }
  }
  yield `${text}]}`;
}

function isFileError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

function main(args: string[]): number {
  const file = args[0];
  if (!file) {
    process.stderr.write('Pemakaian: npm run irt -- BERKAS.csv\n');
    return 1;
  }
  try {
    for (const text of reportJson(analyse(readResponseCsv(file)))) process.stdout.write(text);
    process.stdout.write('\n');
    return 0;
  } catch (error) {
    if (error instanceof CsvError) {
      process.stderr.write(`Berkas ${file} tidak valid: ${error.message}\n`);
      return 1;
    }
    if (isFileError(error)) {
      process.stderr.write(`Tidak dapat membaca ${file}: ${(error as Error).message}\n`);
      return 1;
    }
    throw error;
  }
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
