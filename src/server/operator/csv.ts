/**
 * CSV as spreadsheets write and read it (RFC 4180): comma or semicolon separated (the header decides), quoted
 * fields with doubled quotes and line breaks inside, a UTF-8 byte-order mark tolerated. Pure, no I/O.
 */

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

/** Every row as its fields, with the line each row starts on. */
function rows(text: string, separator: string): { line: number; fields: string[] }[] {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') {
        quoted = false;
      } else {
        if (ch === '\n') line += 1;
        field += ch;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === separator) {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      fields.push(field);
      out.push({ line: rowLine, fields });
      fields = [];
      field = '';
      line += 1;
      rowLine = line;
    } else {
      field += ch;
    }
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    out.push({ line: rowLine, fields });
  }
  // Empty lines (a trailing newline, a spreadsheet's blank rows) are not records.
  return out.filter((row) => row.fields.some((f) => f.trim() !== ''));
}

export function parseCsv(text: string): CsvTable {
  const clean = text.replace(/^\uFEFF/, '');
  const separator = separatorOf(clean.split(/\r?\n/, 1)[0] ?? '');
  const [head, ...body] = rows(clean, separator);
  if (!head) return { header: [], records: [] };
  const header = head.fields.map((name) => name.trim().toLowerCase());
  const records = body.map((row) => ({
    line: row.line,
    values: new Map(header.map((name, i) => [name, (row.fields[i] ?? '').trim()])),
  }));
  return { header, records };
}

function quote(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document with a header row; CRLF line ends, as spreadsheets expect. */
export function toCsv(
  header: readonly string[],
  records: readonly (readonly (string | number | null)[])[],
): string {
  return [header, ...records].map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}
