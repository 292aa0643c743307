/**
 * CSV as spreadsheets write and read it (RFC 4180): comma or semicolon separated (the header decides), quoted
 * fields with doubled quotes and line breaks inside, a UTF-8 byte-order mark tolerated. Pure, no I/O.
 */
import { parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** Line of the file where the record starts (1 = the header). */
  line: number;
  /** Values by lower-cased header name. */
  values: Map<string, string>;
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

function separatorOf(firstLine: string): ',' | ';' {
  const commas = firstLine.split(',').length;
  const semicolons = firstLine.split(';').length;
  return semicolons > commas ? ';' : ',';
}

/** A CSV document's records, each with the line it starts on, read with csv-parse. */
export function parseCsv(text: string): CsvTable {
  const clean = text.replace(/^\uFEFF/, '');
  const delimiter = separatorOf(clean.split(/\r?\n/, 1)[0] ?? '');
  const parsed = parse(clean, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    info: true,
  }) as unknown as {
    record: string[];
    info: { lines: number };
  }[];
  let endOfPrevious = 0;
  const rows = parsed.map(({ record, info }) => {
    const row = { line: endOfPrevious + 1, fields: record };
    endOfPrevious = info.lines;
    return row;
  });
  // Empty lines (a trailing newline, a spreadsheet's blank rows) are not records.
  const [head, ...body] = rows.filter((row) => row.fields.some((f) => f.trim() !== ''));
  if (!head) return { header: [], records: [] };
  return tabelDari(
    head.fields,
    body.map((row) => ({ line: row.line, fields: row.fields })),
  );
}

/** Header names lower-cased and trimmed; each record's values by name (a spreadsheet's rows come here too). */
export function tabelDari(
  header: readonly string[],
  rows: readonly { line: number; fields: readonly string[] }[],
): CsvTable {
  const names = header.map((name) => name.trim().toLowerCase());
  return {
    header: names,
    records: rows.map((row) => ({
      line: row.line,
      values: new Map(names.map((name, i) => [name, (row.fields[i] ?? '').trim()])),
    })),
  };
}

/** The first characters with which a spreadsheet takes a cell for a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number written as text ("-3", "0,5", "+1.25"): nothing a spreadsheet could run, so it is left alone. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * A text cell as a spreadsheet may safely open it: one that would start a formula gets a leading single quote,
 * which spreadsheets show as text and never evaluate. Numbers, and texts that are plain numbers, stay as they are.
 */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function quote(value: string | number | null | undefined): string {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'number'
        ? String(value)
        : neutraliseCell(value);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document with a header row; CRLF line ends, as spreadsheets expect. Every text cell, header included, is
 * neutralised (neutraliseCell), so names an operator opens cannot run as formulas.
 */
export function toCsv(
  header: readonly string[],
  records: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...records].map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}
