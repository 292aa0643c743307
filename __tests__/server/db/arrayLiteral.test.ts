/**
 * A column's values as the text of a PostgreSQL array (src/server/db/batch.ts arrayLiteral), as the close's bulk
 * writes bind them: PostgreSQL reads back exactly the values given, texts with quotes, backslashes, commas, braces
 * and the word NULL included. The round trip runs on PostgreSQL when DATABASE_URL says so.
 */
import { sql } from 'kysely';
import { arrayLiteral } from '../../../src/server/db/batch';
import { closeDb } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { createTestDb } from '../../helpers/buildTestApp';
import { onPostgres } from '../../helpers/pgRoundTrips';

const texts = ['irt', 'klasik', '', 'NULL', 'a,b', '{x}', 'say "hi"', 'back\\slash', 'ä ü 漢', ' spaced '];
const numbers = [0, -3, 2147483647, 0.1 + 0.2, 1e-7, -123.456e20, 5e-324];

describe('arrayLiteral', () => {
  it('writes numbers bare, other values quoted and null as NULL', () => {
    expect(arrayLiteral([1, null, 2.5, undefined, 'a"b\\c'])).toBe('{1,NULL,2.5,NULL,"a\\"b\\\\c"}');
    expect(arrayLiteral([])).toBe('{}');
  });
});

(onPostgres ? describe : describe.skip)('arrayLiteral read by PostgreSQL', () => {
  let db: Executor;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(async () => {
    await closeDb(db);
  });

  it('gives back every text and null as given', async () => {
    const values = [...texts, null];
    const { rows } = await sql<{
      a: (string | null)[];
    }>`SELECT CAST(${arrayLiteral(values)} AS text[]) AS a`.execute(db);
    expect(rows[0].a).toEqual(values);
  });

  it('gives back every double and integer exactly', async () => {
    const { rows } = await sql<{ d: number[]; i: number[] }>`
      SELECT CAST(${arrayLiteral(numbers)} AS double precision[]) AS d,
        CAST(${arrayLiteral([0, -3, 2147483647, null])} AS integer[]) AS i`.execute(db);
    expect(rows[0].d.map(Number)).toEqual(numbers);
    expect(rows[0].i).toEqual([0, -3, 2147483647, null]);
  });
});
