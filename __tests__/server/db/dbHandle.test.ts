import { closeDb, dialectOf } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import { transaction } from '../../../src/server/db/transaction';
import { createTestDb } from '../../helpers/buildTestApp';

const expected = /^postgres(ql)?:\/\//i.test(process.env.DATABASE_URL ?? '') ? 'postgres' : 'sqlite';

describe('the database handle', () => {
  let db: Executor;
  beforeEach(async () => {
    db = await createTestDb();
  });
  afterEach(() => closeDb(db));

  it('names its database, and a transaction or a held connection opened from it names the same', async () => {
    expect(dialectOf(db)).toBe(expected);
    await db.transaction().execute(async (trx) => {
      expect(dialectOf(trx)).toBe(expected);
    });
    await transaction(db, async (trx) => {
      expect(dialectOf(trx)).toBe(expected);
    });
    await db.connection().execute(async (connection) => {
      expect(dialectOf(connection)).toBe(expected);
    });
  });

  it('is closed by closeDb once: queries then fail, and a second close does nothing', async () => {
    await expect(db.selectFrom('siswa').select('id').execute()).resolves.toEqual([]);
    await closeDb(db);
    await expect(db.selectFrom('siswa').select('id').execute()).rejects.toThrow();
    await expect(closeDb(db)).resolves.toBeUndefined();
  });
});
