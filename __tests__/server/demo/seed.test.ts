import { sql } from 'kysely';
import { closeDb, dialectOf } from '../../../src/server/db/createDb';
import type { Executor } from '../../../src/server/db/executor';
import type { Database } from '../../../src/server/db/types';
import { DEMO, seedDemo, seedIfEmpty, type SeedSummary } from '../../../src/server/demo';
import { verifyPassword } from '../../../src/server/lib/password';
import { classicalScore, tally } from '../../../src/server/domain/scoring';
import { loadAttemptAnswers } from '../../../src/server/scoring/hasilMapel';
import { packageScores } from '../../../src/server/scoring/skorPaket';
import { BATCH_SIZE } from '../../../src/server/db/batch';
import { createTestDb } from '../../helpers/buildTestApp';
import { ALL_TABLES } from '../../helpers/serverRows';

const NOW = Date.UTC(2025, 3, 14, 3, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

async function count(db: Executor, table: keyof Database): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function counts(db: Executor): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ALL_TABLES) out[table] = await count(db, table);
  return out;
}

async function tableNames(db: Executor): Promise<string[]> {
  const result =
    dialectOf(db) === 'postgres'
      ? await sql<{
          name: string;
        }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`.execute(
          db,
        )
      : await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(db);
  return result.rows.map((row) => row.name);
}

describe('migrations', () => {
  it('create every table of the data model on an empty database', async () => {
    const db = await createTestDb();
    try {
      const names = await tableNames(db);
      for (const table of ALL_TABLES) expect(names).toContain(table);
      expect(await count(db, 'siswa')).toBe(0);
    } finally {
      await closeDb(db);
    }
  });
});

describe('seedDemo', () => {
  let db: Executor;
  let seed: SeedSummary;

  beforeAll(async () => {
    db = await createTestDb();
    seed = await seedDemo(db, { now: NOW });
  }, 60_000);

  afterAll(async () => {
    await closeDb(db);
  });

  it('creates the four demo accounts with their institution, programme and interest', async () => {
    const rows = await db
      .selectFrom('siswa')
      .selectAll()
      .where('username', 'in', Object.values(DEMO.usernames))
      .orderBy('id')
      .execute();
    const byName = Object.fromEntries(rows.map((r) => [r.username, r]));
    expect(byName.reguler).toMatchObject({
      lembaga: 'SiapTes',
      id_program: 1,
      minat: 'SMA KELAS 12 IPA',
      is_synthetic: 0,
    });
    expect(byName.tutor).toMatchObject({
      lembaga: 'tutorindonesia',
      id_program: 5,
      minat: 'SMP KELAS 9',
      jenjang: 'SMP',
    });
    expect(byName.akbar).toMatchObject({ lembaga: 'TO Akbar', id_program: 3, minat: 'SMA KELAS 12 IPS' });
    expect(byName.umum).toMatchObject({ lembaga: 'Bimbel Nusantara', id_program: 2 });
    expect(seed.siswa.reguler).toBe(byName.reguler.id);
    for (const row of rows) {
      for (const field of [
        'nama_lengkap',
        'nama_panggilan',
        'no_telp',
        'no_telp_ortu',
        'alamat',
        'email',
        'kelas',
        'jenjang',
        'sekolah',
        'kurikulum_str',
      ] as const) {
        expect(row[field]).not.toBe('');
      }
    }
  });

  it('stores a salted scrypt hash per account that verifies with the demo password', async () => {
    const rows = await db.selectFrom('siswa').select('password_hash').where('is_synthetic', '=', 0).execute();
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((r) => r.password_hash)).size).toBe(4);
    for (const { password_hash } of rows) {
      expect(password_hash).toMatch(/^scrypt\$/);
      await expect(verifyPassword(DEMO.password, password_hash)).resolves.toBe(true);
      await expect(verifyPassword('salah123', password_hash)).resolves.toBe(false);
    }
  });

  it('creates at least 300 synthetic participants, each with finished and scored attempts', async () => {
    const synthetic = await db
      .selectFrom('siswa')
      .select(['id', 'password_hash'])
      .where('is_synthetic', '=', 1)
      .execute();
    expect(synthetic.length).toBeGreaterThanOrEqual(300);
    expect(synthetic.every((s) => s.password_hash === '!')).toBe(true);
    const withResults = await db
      .selectFrom('hasil_to')
      .innerJoin('siswa', 'siswa.id', 'hasil_to.id_siswa')
      .select('hasil_to.id_siswa')
      .distinct()
      .where('siswa.is_synthetic', '=', 1)
      .where('hasil_to.is_selesai', '=', 1)
      .execute();
    expect(withResults).toHaveLength(synthetic.length);
    const unscored = await db
      .selectFrom('hasil_to')
      .leftJoin('hasil_mapel', 'hasil_mapel.id_hasil_to', 'hasil_to.id')
      .select('hasil_to.id')
      .where('hasil_mapel.id_hasil_to', 'is', null)
      .execute();
    expect(unscored).toHaveLength(0);
    const open = await db.selectFrom('mapel_waktu').select('id_hasil_to').where('status', '<>', 1).execute();
    expect(open).toHaveLength(0);
  });

  it('scores classical attempts with the real scoring rules', async () => {
    const attempts = await db
      .selectFrom('hasil_to')
      .select('id')
      .where('id_jadwal', 'in', [seed.jadwal.selesai.id, seed.jadwal.terlewat.id])
      .orderBy('id')
      .execute();
    expect(attempts.length).toBeGreaterThan(100);
    for (const { id } of attempts.filter((_, i) => i % 37 === 0)) {
      const loaded = await loadAttemptAnswers(db, id);
      const stored = await db.selectFrom('hasil_mapel').selectAll().where('id_hasil_to', '=', id).execute();
      expect(stored.length).toBeGreaterThanOrEqual(3);
      for (const row of stored) {
        const counts = tally(
          loaded!.answers.filter((a) => a.id_mapel === row.id_mapel).map((a) => a.penilaian),
        );
        expect(row).toMatchObject({
          benar: counts.benar,
          salah: counts.salah,
          kosong: counts.kosong,
          metode: 'klasik',
        });
        expect(row.nilai).toBe(classicalScore(counts).nilai);
      }
    }
  });

  it('spreads the scores and makes ties on purpose', async () => {
    const scores = (await packageScores(db, seed.jadwal.selesai.id)).map((s) => s.skor);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(300);
    expect(new Set(scores).size).toBeLessThan(scores.length);
  });

  it('gives every package ≥2 categories × ≥3 subjects × ≥10 questions and all five types', async () => {
    const jadwal = await db.selectFrom('jadwal').selectAll().execute();
    expect(jadwal).toHaveLength(7);
    const hashes = new Set<string>();
    for (const j of jadwal) {
      const kategori = await db.selectFrom('kategori').selectAll().where('id_jadwal', '=', j.id).execute();
      expect(kategori.length).toBeGreaterThanOrEqual(2);
      for (const k of kategori) {
        expect(k.hash).toMatch(/^[A-Za-z0-9]{16}$/);
        hashes.add(k.hash);
        expect(k.pembahasan).toBe(`/api/pdf/pembahasan/${j.id}/${k.hash}`);
        const mapel = await db.selectFrom('mapel').selectAll().where('id_kategori', '=', k.id).execute();
        expect(mapel.length).toBeGreaterThanOrEqual(3);
        for (const m of mapel) {
          expect(m.waktu).toBeGreaterThanOrEqual(10);
          const soal = await db.selectFrom('soal').selectAll().where('id_mapel', '=', m.id).execute();
          expect(soal.length).toBeGreaterThanOrEqual(10);
          for (const s of soal.filter((x) => x.type === 1)) {
            // Regular packages are also taken by A–D students (tutor): four options, keys A–D; the event A–E.
            expect([s.a, s.b, s.c, s.d].every((o) => o !== '')).toBe(true);
            expect(s.e === '').toBe(j.is_event === 0);
            expect(s.pembahasan).not.toBe('');
            if (j.is_event === 0) expect(['A', 'B', 'C', 'D']).toContain(s.kunci);
          }
        }
      }
      const types = await db
        .selectFrom('soal')
        .innerJoin('mapel', 'mapel.id', 'soal.id_mapel')
        .innerJoin('kategori', 'kategori.id', 'mapel.id_kategori')
        .select(['soal.id', 'soal.type', 'soal.group_text_type', 'soal.kunci'])
        .where('kategori.id_jadwal', '=', j.id)
        .execute();
      expect(new Set(types.map((t) => t.type))).toEqual(new Set([1, 2, 3, 4, 5]));
      const groupTypes = new Set(types.filter((t) => t.type === 3).map((t) => t.group_text_type));
      expect(groupTypes).toEqual(new Set([1, 2]));
      for (const t of types.filter((x) => x.type === 2 || x.type === 4 || x.type === 5))
        expect(t.kunci).not.toBe('');
    }
    expect(hashes.size).toBe(14);
    const groups = await db
      .selectFrom('soal')
      .leftJoin('soal_group', 'soal_group.id_soal', 'soal.id')
      .select(['soal.id', (eb) => eb.fn.count<number>('soal_group.id').as('n')])
      .where('soal.type', '=', 3)
      .groupBy('soal.id')
      .execute();
    for (const g of groups) expect([3, 4]).toContain(Number(g.n));
    const keys = await db.selectFrom('soal_group').select('kunci').distinct().execute();
    expect(new Set(keys.map((k) => k.kunci))).toEqual(new Set(['Y', 'N']));
  });

  it('places the schedules around now and finishes Paket #1 (not #5) for reguler', async () => {
    const { jadwal } = seed;
    expect(jadwal.selesai.tglAkhir).toBeLessThan(NOW);
    expect(jadwal.terlewat.tglAkhir).toBeLessThan(NOW);
    expect(jadwal.berjalan.tglAwal).toBe(NOW - DAY);
    expect(jadwal.berjalan.tglAkhir).toBe(NOW + 14 * DAY);
    expect(jadwal.berikutnya.tglAwal).toBeLessThan(NOW);
    expect(jadwal.akanDatang.tglAwal).toBe(NOW + 7 * DAY);
    expect(jadwal.eventBerjalan).toMatchObject({ paket: 10, isEvent: true });
    const menit = jadwal.eventBerjalan.kategori.flatMap((k) => k.mapel).reduce((sum, m) => sum + m.waktu, 0);
    expect(menit).toBe(185);

    const finished = await db
      .selectFrom('hasil_to')
      .select(['id', 'id_jadwal', 'is_selesai'])
      .where('id_siswa', '=', seed.siswa.reguler)
      .execute();
    expect(finished.filter((h) => h.id_jadwal === jadwal.selesai.id && h.is_selesai === 1)).toHaveLength(2);
    expect(finished.filter((h) => h.id_jadwal === jadwal.terlewat.id)).toHaveLength(0);
    const akbar = await db
      .selectFrom('hasil_to')
      .select('id')
      .where('id_siswa', '=', seed.siswa.akbar)
      .where('id_jadwal', '=', jadwal.eventSelesai.id)
      .where('is_selesai', '=', 1)
      .execute();
    expect(akbar).toHaveLength(2);
  });

  it('scores the past event package by IRT', async () => {
    const rows = await db
      .selectFrom('hasil_mapel')
      .select(['metode', 'theta'])
      .where('id_jadwal', '=', seed.jadwal.eventSelesai.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.metode === 'irt' && r.theta !== null)).toBe(true);
  });

  it("writes each participant's own θ back (more right answers, higher θ), over several write slices", async () => {
    const rows = await db
      .selectFrom('hasil_mapel')
      .select(['id_mapel', 'benar', 'theta', 'nilai'])
      .where('id_jadwal', '=', seed.jadwal.eventSelesai.id)
      .execute();
    // More rows than one multi-row UPDATE takes, so the slices are joined correctly too.
    expect(rows.length).toBeGreaterThan(BATCH_SIZE);
    // In the Rasch model the number right decides θ: per subject, θ is a non-decreasing function of `benar`.
    for (const idMapel of new Set(rows.map((r) => r.id_mapel))) {
      const bySkor = rows
        .filter((r) => r.id_mapel === idMapel)
        .sort((a, b) => a.benar - b.benar || (a.theta as number) - (b.theta as number));
      for (let i = 1; i < bySkor.length; i++) {
        const [before, after] = [bySkor[i - 1], bySkor[i]];
        const theta = [before.theta as number, after.theta as number];
        if (before.benar === after.benar) expect(theta[1]).toBeCloseTo(theta[0], 9);
        else expect(theta[1]).toBeGreaterThan(theta[0]);
      }
    }
  });

  it('creates ≥15 programmes and two choices per demo student, one reguler passes and one he does not', async () => {
    const prodi = await db.selectFrom('prodi').selectAll().execute();
    expect(prodi.length).toBeGreaterThanOrEqual(15);
    for (const p of prodi) {
      expect(p.grade).toBeGreaterThanOrEqual(450);
      expect(p.grade).toBeLessThanOrEqual(780);
      expect(['S1', 'D4']).toContain(p.jenjang);
    }
    for (const id of Object.values(seed.siswa)) {
      const choices = await db
        .selectFrom('pilihan_siswa')
        .select('num_option')
        .where('id_siswa', '=', id)
        .execute();
      expect(choices.map((c) => c.num_option).sort()).toEqual([1, 2]);
    }
    const score = seed.reguler.skorPaket1;
    const byId = new Map(prodi.map((p) => [p.id, p]));
    expect(byId.get(seed.reguler.prodiTidakLulus)!.grade).toBeGreaterThan(score);
    const lulus = byId.get(seed.reguler.prodiLulus)!;
    expect(lulus.grade).toBeLessThanOrEqual(score);
    const rivals = await packageScores(db, seed.jadwal.selesai.id, lulus.id);
    expect(rivals.filter((r) => r.skor > score).length).toBeLessThan(lulus.kapasitas);
  });

  it('creates per-topic tryouts: categories, subjects, topics with keyed questions of types 1, 2 and 4', async () => {
    const kategori = await db.selectFrom('materi_kategori').selectAll().execute();
    expect(kategori.length).toBeGreaterThanOrEqual(2);
    for (const k of kategori) {
      const mapel = await db.selectFrom('materi_mapel').selectAll().where('id_kategori', '=', k.id).execute();
      expect(mapel.length).toBeGreaterThanOrEqual(2);
      for (const m of mapel) {
        const materi = await db.selectFrom('materi').selectAll().where('id_mapel', '=', m.id).execute();
        expect(materi.length).toBeGreaterThanOrEqual(2);
        for (const t of materi) {
          expect(t.menit).toBeGreaterThanOrEqual(10);
          expect(t.menit).toBeLessThanOrEqual(20);
          const soal = await db.selectFrom('materi_soal').selectAll().where('id_materi', '=', t.id).execute();
          expect(soal.length).toBeGreaterThanOrEqual(5);
          expect(soal.length).toBeLessThanOrEqual(10);
          for (const q of soal) {
            expect([1, 2, 4]).toContain(q.type);
            expect(q.kunci).not.toBe('');
            expect(q.pembahasan).not.toBe('');
            if (q.type === 1) expect([q.a, q.b, q.c, q.d].every((o) => o !== '')).toBe(true);
          }
        }
      }
    }
    const types = await db.selectFrom('materi_soal').select('type').distinct().execute();
    expect(new Set(types.map((t) => t.type))).toEqual(new Set([1, 2, 4]));
    const fourChoice = await db
      .selectFrom('materi_soal')
      .select('id')
      .where('type', '=', 1)
      .where('e', '=', '')
      .execute();
    expect(fourChoice.length).toBeGreaterThan(0);
  });

  it('gives reguler one finished topic whose score follows its answers', async () => {
    const hasil = await db.selectFrom('materi_hasil').selectAll().execute();
    expect(hasil).toHaveLength(1);
    const [h] = hasil;
    expect(h).toMatchObject({ id_siswa: seed.siswa.reguler, id_materi: seed.materi.selesai, status: 1 });
    const soal = await db
      .selectFrom('materi_soal')
      .select('id')
      .where('id_materi', '=', h.id_materi)
      .execute();
    const jawaban = await db
      .selectFrom('materi_jawaban')
      .select('id_soal')
      .where('id_materi_hasil', '=', h.id)
      .execute();
    expect(jawaban).toHaveLength(soal.length);
    const scored = h.benar + h.salah + h.kosong;
    expect(scored).toBeGreaterThan(0);
    expect(h.skor).toBe(Math.round((100 * h.benar) / scored));
    expect(seed.materi.belum).not.toBe(seed.materi.selesai);
  });

  it('seedIfEmpty does nothing on a seeded database', async () => {
    const before = await counts(db);
    await expect(seedIfEmpty(db)).resolves.toBe(false);
    expect(await counts(db)).toEqual(before);
  });
});

describe('determinism', () => {
  async function dump(db: Executor): Promise<Record<string, unknown[]>> {
    const out: Record<string, unknown[]> = {};
    for (const table of ALL_TABLES) {
      const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
      out[table] = rows
        .map((row) => {
          const { password_hash: _hash, ...rest } = row;
          return JSON.stringify(rest, (_key, value: unknown) =>
            typeof value === 'number' ? Number(value.toFixed(9)) : value,
          );
        })
        .sort();
    }
    return out;
  }

  // One database at a time: on PostgreSQL Kysely's migrator looks for its lock table across schemas.
  async function seededDump(seed: (db: Executor) => Promise<unknown>): Promise<Record<string, unknown[]>> {
    const db = await createTestDb();
    try {
      await seed(db);
      return await dump(db);
    } finally {
      await closeDb(db);
    }
  }

  it('gives identical content for the same now', async () => {
    const a = await seededDump(async (db) =>
      expect(await seedIfEmpty(db, { now: NOW, participants: 40 })).toBe(true),
    );
    const b = await seededDump((db) => seedDemo(db, { now: NOW, participants: 40 }));
    expect(a.siswa.length).toBe(44);
    expect(a).toEqual(b);
  }, 60_000);
});
