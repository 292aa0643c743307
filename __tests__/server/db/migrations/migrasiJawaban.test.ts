/**
 * Migration 007 (src/server/db/migrations/007_jawaban_tanpa_fk_soal.ts): answer rows lose their foreign key to the
 * question and its index, and keep everything else — every row and id, the id sequence, the statements' answers,
 * and the key that takes an attempt's answers with it. On the suite's database (SQLite, or PostgreSQL in CI).
 */
import { sql } from 'kysely';
import { closeDb, dialectOf } from '../../../../src/server/db/createDb';
import type { Executor } from '../../../../src/server/db/executor';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { up as addAcakColumns } from '../../../../src/server/db/migrations/010_acak';
import { seedDemo } from '../../../../src/server/demo';
import { createTestDb } from '../../../helpers/buildTestApp';

let db: Executor;
beforeAll(async () => {
  db = await createTestDb({ upTo: '006_mapel_urutan' });
  // Today's demo seed writes the columns migration 010 adds (each package's shuffle settings): they are there while
  // it seeds and dropped again, so migration 007 runs on 006's shape holding real rows.
  await addAcakColumns(db);
  await seedDemo(db, { participants: 3 });
  const acakColumns = [
    ['jadwal', 'acak_soal'],
    ['jadwal', 'acak_opsi'],
    ['soal', 'opsi_tetap'],
    ['hasil_to', 'acak_seed'],
    ['hasil_to', 'acak'],
  ] as const;
  for (const [table, column] of acakColumns) await db.schema.alterTable(table).dropColumn(column).execute();
}, 120_000);
afterAll(() => closeDb(db));

const jawabanRows = () => db.selectFrom('jawaban').selectAll().orderBy('id').execute();
const groupRows = () => db.selectFrom('jawaban_group').selectAll().orderBy('id').execute();

async function jawabanIndexes(): Promise<string[]> {
  const rows =
    dialectOf(db) === 'postgres'
      ? (
          await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
            WHERE tablename = 'jawaban' AND schemaname = current_schema()`.execute(db)
        ).rows
      : (await sql<{ name: string }>`SELECT name FROM pragma_index_list('jawaban')`.execute(db)).rows;
  return rows.map((r) => r.name);
}

it('keeps every answer and statement answer, never reuses an id, and still deletes answers with their attempt', async () => {
  // The newest answer is deleted first: its id stays used (AUTOINCREMENT / serial), before and after.
  const newest = await db
    .selectFrom('jawaban')
    .select(['id', 'id_hasil_to'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('jawaban').where('id', '=', newest.id).execute();
  const jawaban = await jawabanRows();
  const groups = await groupRows();
  expect(jawaban.length).toBeGreaterThan(100);
  expect(groups.length).toBeGreaterThan(0);
  expect(await jawabanIndexes()).toContain('jawaban_soal');

  await migrateToLatest(db);

  expect(await jawabanRows()).toEqual(jawaban);
  expect(await groupRows()).toEqual(groups);
  expect(await jawabanIndexes()).not.toContain('jawaban_soal');
  const soalLain = await db.selectFrom('soal').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('jawaban')
    .values({ id_hasil_to: newest.id_hasil_to, id_soal: soalLain.id, jawaban: 'A', updated_at: 1 })
    .onConflict((oc) => oc.columns(['id_hasil_to', 'id_soal']).doUpdateSet({ jawaban: 'A' }))
    .returning('id')
    .executeTakeFirstOrThrow();
  expect(id).toBeGreaterThan(newest.id);

  // An attempt still takes its answers, and their statements' answers, with it.
  const withGroups = await db
    .selectFrom('jawaban_group')
    .innerJoin('jawaban', 'jawaban.id', 'jawaban_group.id_jawaban')
    .select('jawaban.id_hasil_to')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('hasil_to').where('id', '=', withGroups.id_hasil_to).execute();
  const left = await db
    .selectFrom('jawaban')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_hasil_to', '=', withGroups.id_hasil_to)
    .executeTakeFirstOrThrow();
  expect(Number(left.n)).toBe(0);
  const orphans = await db
    .selectFrom('jawaban_group')
    .leftJoin('jawaban', 'jawaban.id', 'jawaban_group.id_jawaban')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('jawaban.id', 'is', null)
    .executeTakeFirstOrThrow();
  expect(Number(orphans.n)).toBe(0);
});
