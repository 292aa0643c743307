/**
 * The topic tryout's server suites: two categories, two subjects, four topics (one without questions), two students
 * with live sessions; `setup` builds the app on it, `caller` calls the API as a token and never accepts a 500.
 */
import type { Executor } from '../../src/server/db/executor';
import { buildTestApp, testClock, type TestContext } from './buildTestApp';
import { insertSiswaMasuk } from './serverRows';

export const DAY = 24 * 60 * 60 * 1000;
export const TEKS_SOAL = '<p>Jika x ≥ ½, berapakah café “é”?</p>';
export const TEKS_PEMBAHASAN = '<p>Karena ½ · 2 = 1 — naïve ✓</p>';

export interface Fixture {
  siswaA: number;
  siswaB: number;
  tokenA: string;
  tokenB: string;
  kSaintek: number;
  kSoshum: number;
  mMatematika: number;
  mEkonomi: number;
  /** 10 minutes; questions [pilihan B (no E), pilihan E, isian 0,5, esai, pilihan C]. */
  tAljabar: number;
  soal: { s1: number; s2: number; s3: number; s4: number; s5: number };
  /** 5 minutes, one question (kunci A). */
  tGeometri: number;
  soalGeometri: number;
  /** No questions. */
  tKosong: number;
  tEkonomi: number;
  soalEkonomi: number;
}

async function insertSoal(
  db: Executor,
  id_materi: number,
  nomor: number,
  fields: { type: number; kunci: string; e?: string; soal?: string },
): Promise<number> {
  const row = await db
    .insertInto('materi_soal')
    .values({
      id_materi,
      nomor,
      type: fields.type,
      soal: fields.soal ?? `<p>Soal ${nomor}</p>`,
      a: fields.type === 1 ? '<p>pilihan á</p>' : '',
      b: fields.type === 1 ? '<p>pilihan ≥ b</p>' : '',
      c: fields.type === 1 ? 'c' : '',
      d: fields.type === 1 ? 'd' : '',
      e: fields.e ?? '',
      kunci: fields.kunci,
      pembahasan: TEKS_PEMBAHASAN,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function seedFixture(db: Executor, now: number): Promise<Fixture> {
  const id = (r: { id: number }) => r.id;
  const kSaintek = id(
    await db
      .insertInto('materi_kategori')
      .values({ nama: 'Saintek', urutan: 1 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const kSoshum = id(
    await db
      .insertInto('materi_kategori')
      .values({ nama: 'Soshum é', urutan: 2 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const mMatematika = id(
    await db
      .insertInto('materi_mapel')
      .values({ id_kategori: kSaintek, nama: 'Matematika', urutan: 1 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const mEkonomi = id(
    await db
      .insertInto('materi_mapel')
      .values({ id_kategori: kSoshum, nama: 'Ekonomi', urutan: 1 })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  const materi = async (id_mapel: number, nama: string, menit: number, urutan: number) =>
    id(
      await db
        .insertInto('materi')
        .values({ id_mapel, nama, menit, urutan })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  const tAljabar = await materi(mMatematika, 'Aljabar ½', 10, 1);
  const tGeometri = await materi(mMatematika, 'Geometri', 5, 2);
  const tKosong = await materi(mMatematika, 'Belum Ada Soal', 5, 3);
  const tEkonomi = await materi(mEkonomi, 'Permintaan', 5, 1);
  const soal = {
    s1: await insertSoal(db, tAljabar, 1, { type: 1, kunci: 'B', soal: TEKS_SOAL }),
    s2: await insertSoal(db, tAljabar, 2, { type: 1, kunci: 'E', e: '<p>pilihan e</p>' }),
    s3: await insertSoal(db, tAljabar, 3, { type: 2, kunci: '0,5' }),
    s4: await insertSoal(db, tAljabar, 4, { type: 4, kunci: 'model jawaban' }),
    s5: await insertSoal(db, tAljabar, 5, { type: 1, kunci: 'C' }),
  };
  const soalGeometri = await insertSoal(db, tGeometri, 1, { type: 1, kunci: 'A' });
  const soalEkonomi = await insertSoal(db, tEkonomi, 1, { type: 1, kunci: 'A' });
  const { id: siswaA } = await insertSiswaMasuk(db, 'andi', { now, ttlMs: 30 * DAY });
  const { id: siswaB } = await insertSiswaMasuk(db, 'budi', { now, ttlMs: 30 * DAY });
  return {
    siswaA,
    siswaB,
    tokenA: 'token-andi',
    tokenB: 'token-budi',
    kSaintek,
    kSoshum,
    mMatematika,
    mEkonomi,
    tAljabar,
    soal,
    tGeometri,
    soalGeometri,
    tKosong,
    tEkonomi,
    soalEkonomi,
  };
}

export interface Jawab {
  statusCode: number;
  body: { status: boolean; message?: string; content?: unknown };
  text: string;
}

export async function setup(): Promise<{ ctx: TestContext; f: Fixture }> {
  let fixture: Fixture | undefined;
  const clock = testClock(Date.UTC(2025, 0, 6, 8, 0, 0));
  const ctx = await buildTestApp({
    clock,
    seed: async (db) => {
      fixture = await seedFixture(db, clock.now());
    },
  });
  if (!fixture) throw new Error('fixture not seeded');
  return { ctx, f: fixture };
}

export function caller(ctx: TestContext) {
  return async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload?: Record<string, unknown>,
  ): Promise<Jawab> => {
    const res = await ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: token ? { key: token } : {},
      ...(payload ? { payload } : {}),
    });
    // Whatever the input, the server never answers 500.
    expect(res.statusCode).toBeLessThan(500);
    return { statusCode: res.statusCode, body: res.json(), text: res.body };
  };
}

export const fromB64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');

export interface SoalSheet {
  id_soal: number;
  soal: string;
  a: string;
  e: string;
  type: number;
  jawaban: string;
}
export interface Session {
  idmateri: number;
  materi: string;
  max_soal: number;
  waktu: number;
  soals: SoalSheet[];
}
export interface MateriItem {
  id: number;
  soal_dikerjakan: number;
  jumlah_soal: number;
  status: number;
}
