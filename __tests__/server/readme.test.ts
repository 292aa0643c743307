/** What the README says about the code agrees with the code: the migrations it names and the demo accounts' table. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { closeDb } from '../../src/server/db/createDb';
import { seedDemo } from '../../src/server/demo';
import { createTestDb } from '../helpers/buildTestApp';

jest.setTimeout(60_000);

const root = path.join(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const migrationsDir = path.join(root, 'src/server/db/migrations');
const migrations = readdirSync(migrationsDir).filter((f) => /^\d{3}_/.test(f));

it('names only migrations that exist, each with a table it creates', () => {
  const named = [...readme.matchAll(/[Mm]igrations? `?(\d{3})/g)].map((m) => m[1]);
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((n) => !migrations.some((f) => f.startsWith(`${n}_`)))).toEqual([]);

  // "the `penutupan` table (migration 011)", "(`penutupan`, migration 011)": the table is that migration's.
  const tables = [...readme.matchAll(/`(\w+)`(?: table \(|, )migration `?(\d{3})/g)];
  expect(tables.length).toBeGreaterThan(0);
  for (const [, table, number] of tables) {
    const file = migrations.find((f) => f.startsWith(`${number}_`));
    expect(readFileSync(path.join(migrationsDir, file ?? ''), 'utf8')).toContain(`createTable('${table}')`);
  }
});

it("shows each demo account's Lembaga, id_program and Minat as the demo data seeds them", async () => {
  const header = '| Username  | Lembaga          | id_program | Minat            |';
  const start = readme.indexOf(header);
  expect(start).toBeGreaterThan(-1);
  const rows = readme
    .slice(start)
    .split('\n')
    .slice(2)
    .filter((line, i, lines) => line.startsWith('|') && lines.slice(0, i).every((l) => l.startsWith('|')))
    .map((line) => line.split('|').map((cell) => cell.trim().replace(/^`|`$/g, '')))
    .map(([, username, lembaga, idProgram, minat]) => ({
      username,
      lembaga,
      id_program: Number(idProgram),
      minat,
    }));

  const db = await createTestDb();
  try {
    await seedDemo(db, { participants: 5 });
    const seeded = await db
      .selectFrom('siswa')
      .select(['username', 'lembaga', 'id_program', 'minat'])
      .where('is_synthetic', '=', 0)
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      seeded.map((s) => ({ ...s, id_program: Number(s.id_program), minat: s.minat ?? '' })),
    );
  } finally {
    await closeDb(db);
  }
});
