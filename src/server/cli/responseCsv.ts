/**
 * The CSV `npm run irt` reads: a header row of item ids and one row per person; blank cells (and cells missing at
 * the end of a row) count as 0; UTF-8 with an optional BOM, LF or CRLF lines, blank lines skipped. Read in chunks
 * into one response matrix: at 100,000 × 200 decoding the whole text, an array per row and splitting and trimming
 * each cell cost seconds, and even touching the memory of a second copy of the file costs a tenth of one.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { ResponseMatrix } from '../domain/responseMatrix';

export class CsvError extends Error {}

/** The CSV as read: the header's item ids and the persons' responses, one matrix row per data line. */
export interface ResponseTable {
  itemIds: string[];
  matrix: ResponseMatrix;
}

const NEWLINE = 10;
const RETURN = 13;
const ZERO = 48; // '0'
const ONE = 49; // '1'
// The BOM of the file is skipped by hand; any other stays in its line, as when the whole text was decoded.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

function splitLine(line: string, separator: string): string[] {
  return line.split(separator).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/** The header's item ids and separator; throws CsvError when an id is blank or repeated. */
function readHeader(line: string): { itemIds: string[]; separator: string } {
  // Spreadsheets with a decimal comma export with semicolons; the header decides.
  const separator = line.includes(';') && !line.includes(',') ? ';' : ',';
  const itemIds = splitLine(line, separator);
  itemIds.forEach((id, index) => {
    if (id === '') throw new CsvError(`Header kolom ${index + 1} kosong: setiap kolom butuh id butir`);
  });
  const duplicate = itemIds.find((id, index) => itemIds.indexOf(id) !== index);
  if (duplicate !== undefined)
    throw new CsvError(`Id butir "${duplicate}" muncul lebih dari sekali di header`);
  return { itemIds, separator };
}

/** A data line the fast path refused: cells split and trimmed; throws CsvError naming the line. */
function generalRow(line: string, separator: string, itemIds: readonly string[], number: number): number[] {
  const cells = splitLine(line, separator);
  if (cells.length > itemIds.length) {
    throw new CsvError(`Baris ${number}: ${cells.length} kolom, sedangkan header hanya ${itemIds.length}`);
  }
  return itemIds.map((_, index) => {
    const cell = cells[index] ?? '';
    if (cell === '' || cell === '0') return 0;
    if (cell === '1') return 1;
    throw new CsvError(`Baris ${number}, kolom ${index + 1}: "${cell}" bukan 0, 1 atau kosong`);
  });
}

/** Builds the table line by line, in the order of the file; pure. */
class TableBuilder {
  private number = 0;
  private header: { itemIds: string[]; separator: string; separatorByte: number } | null = null;
  private cells = new Uint8Array(0);
  private persons = 0;

  /** `sizeHint`: the file's length in bytes, to size the matrix for plain lines (two bytes a cell). */
  constructor(private readonly sizeHint: number) {}

  /**
   * Reads the lines in bytes[start, end). Unless `last`, the range ends with a line break; when `last`, what
   * follows the final break is one more line.
   */
  lines(bytes: Uint8Array, start: number, end: number, last: boolean): void {
    let position = start;
    while (position < end) {
      let lineEnd = bytes.indexOf(NEWLINE, position);
      if (lineEnd === -1 || lineEnd >= end) {
        if (!last) throw new Error('Rentang baris CSV tidak diakhiri pergantian baris');
        lineEnd = end;
      }
      const next = lineEnd + 1;
      if (lineEnd < end && lineEnd > position && bytes[lineEnd - 1] === RETURN) lineEnd--;
      this.line(bytes, position, lineEnd);
      position = next;
    }
  }

  private line(bytes: Uint8Array, start: number, end: number): void {
    this.number++;
    if (this.header === null) {
      if (
        this.number === 1 &&
        bytes[start] === 0xef &&
        bytes[start + 1] === 0xbb &&
        bytes[start + 2] === 0xbf
      )
        start += 3;
      const text = decoder.decode(bytes.subarray(start, end));
      if (text.trim() === '') return;
      const header = readHeader(text);
      this.header = { ...header, separatorByte: header.separator.charCodeAt(0) };
      const columns = header.itemIds.length;
      this.cells = new Uint8Array((Math.ceil(this.sizeHint / (2 * columns)) + 1) * columns);
      return;
    }
    const { itemIds, separator, separatorByte } = this.header;
    const columns = itemIds.length;
    const at = this.persons * columns;
    if (at + columns > this.cells.length) {
      const grown = new Uint8Array(this.cells.length * 2);
      grown.set(this.cells);
      this.cells = grown;
    }
    if (plainRow(bytes, start, end, separatorByte, this.cells, at, columns)) {
      this.persons++;
      return;
    }
    const text = decoder.decode(bytes.subarray(start, end));
    if (text.trim() === '') return;
    this.cells.set(generalRow(text, separator, itemIds, this.number), at);
    this.persons++;
  }

  finish(): ResponseTable {
    if (this.header === null) throw new CsvError('Berkas CSV kosong');
    if (this.persons === 0) throw new CsvError('Berkas CSV tidak memiliki baris data peserta');
    const items = this.header.itemIds.length;
    const cells = this.cells.subarray(0, this.persons * items);
    return { itemIds: this.header.itemIds, matrix: { persons: this.persons, items, cells } };
  }
}

/**
 * The common line of only 0s and 1s between separators, read byte by byte straight into the matrix row at `at`;
 * false for anything else, which the general path then reads.
 */
function plainRow(
  bytes: Uint8Array,
  start: number,
  end: number,
  separator: number,
  row: Uint8Array,
  at: number,
  columns: number,
): boolean {
  if (end - start !== 2 * columns - 1) return false;
  for (let i = 0; i < columns; i++) {
    const cell = bytes[start + 2 * i];
    if (cell !== ZERO && cell !== ONE) return false;
    if (i > 0 && bytes[start + 2 * i - 1] !== separator) return false;
    row[at + i] = cell - ZERO;
  }
  return true;
}

/** Parses CSV bytes held whole; throws CsvError naming the line of the first problem. */
export function parseResponseCsv(bytes: Uint8Array): ResponseTable {
  const builder = new TableBuilder(bytes.length);
  builder.lines(bytes, 0, bytes.length, true);
  return builder.finish();
}

/**
 * Reads and parses the file `chunkSize` bytes at a time (a line longer than that grows the chunk); throws
 * CsvError naming the line of the first problem, and the file system's error when it cannot be read.
 */
export function readResponseCsv(file: string, chunkSize = 1 << 20): ResponseTable {
  const fd = openSync(file, 'r');
  try {
    const builder = new TableBuilder(fstatSync(fd).size);
    let buffer = Buffer.allocUnsafe(chunkSize);
    let carried = 0; // bytes of an unfinished line at the start of buffer
    for (;;) {
      if (carried === buffer.length) {
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, carried);
        buffer = grown;
      }
      const read = readSync(fd, buffer, carried, buffer.length - carried, null);
      const end = carried + read;
      if (read === 0) {
        builder.lines(buffer, 0, end, true);
        return builder.finish();
      }
      const lastBreak = buffer.lastIndexOf(NEWLINE, end - 1);
      if (lastBreak < carried) {
        carried = end;
        continue;
      }
      builder.lines(buffer, 0, lastBreak + 1, false);
      buffer.copy(buffer, 0, lastBreak + 1, end);
      carried = end - lastBreak - 1;
    }
  } finally {
    closeSync(fd);
  }
}
