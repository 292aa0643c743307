import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvError, parseResponseCsv, readResponseCsv } from '../../../src/server/cli/responseCsv';

const dir = mkdtempSync(join(tmpdir(), 'siaptes-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

const rowsOf = (table: ReturnType<typeof parseResponseCsv>): string[] =>
  Array.from({ length: table.matrix.persons }, (_, p) =>
    table.matrix.cells.subarray(p * table.matrix.items, (p + 1) * table.matrix.items).join(''),
  );

describe('readResponseCsv', () => {
  // A BOM, CRLF and LF lines, blank lines, quoted and padded cells, a short row, a blank cell, and a last line
  // without a line break that ends in a carriage return.
  const text = '\uFEFF"a";b ;c\r\n1;0;1\r\n\r\n  \n"1"; 1 ;0\n0;1\n;;1\n1;1;1\r';
  const expected = ['101', '110', '010', '001', '111'];

  it('reads every line the same whatever the chunk size, lines split across chunks included', () => {
    const file = fileWith('messy.csv', text);
    for (const chunk of [1, 2, 3, 5, 8, 13, 1 << 20]) {
      const table = readResponseCsv(file, chunk);
      expect(table.itemIds).toEqual(['a', 'b', 'c']);
      expect(rowsOf(table)).toEqual(expected);
    }
    expect(rowsOf(parseResponseCsv(Buffer.from(text)))).toEqual(expected);
  });

  it('names the line of a bad cell however the file is chunked', () => {
    const file = fileWith('bad.csv', 'a,b\n1,0\n\n1,x\n');
    for (const chunk of [1, 4, 1 << 20]) {
      expect(() => readResponseCsv(file, chunk)).toThrow(
        new CsvError('Baris 4, kolom 2: "x" bukan 0, 1 atau kosong'),
      );
    }
  });

  it('refuses an empty file and one with only a header', () => {
    expect(() => readResponseCsv(fileWith('empty.csv', '\n \n'))).toThrow('Berkas CSV kosong');
    expect(() => readResponseCsv(fileWith('header.csv', 'a,b\n'), 2)).toThrow('tidak memiliki baris data');
  });
});
