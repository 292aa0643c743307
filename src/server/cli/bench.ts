/**
 * `npm run bench`: the load a national tryout puts on one server, measured end to end over HTTP.
 *
 * A fresh database (temporary SQLite file, or BENCH_DATABASE_URL) is seeded, STUDENTS synthetic students are
 * enrolled in the running package and given sessions, then all of them at once: start the first category,
 * open its first subject, save an answer to every question of it (CONCURRENCY requests in flight), sync the
 * clock, and read the preview. Prints latency percentiles and throughput per call, and checks that every
 * acknowledged answer is in the database (an answer must never be lost).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb } from '../db/createDb';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../db/seed';
import { hashToken, newToken } from '../plugins/auth';

const STUDENTS = Number(process.env.STUDENTS ?? 300);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);

interface Sample {
  call: string;
  ms: number;
  ok: boolean;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs the tasks with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, tasks.length) }, async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  });
  await Promise.all(workers);
  return results;
}

interface StartContent {
  id_hasil_to: number;
  soal: { id_jawaban: number; type: number; id_mapel: number; group_soal: { id_jawaban_group: number }[] }[];
}

function answerFor(type: number): string {
  if (type === 1) return 'A';
  if (type === 2 || type === 5) return '12';
  if (type === 4) return 'Jawaban uraian singkat untuk pengujian beban.';
  return 'Y';
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'siaptes-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `file:${join(dir, 'bench.db')}`;
  const db = await createDb(databaseUrl);
  await migrateToLatest(db);
  const seedStarted = performance.now();
  // About two in three synthetic participants are regular students; seed enough of them for STUDENTS.
  const summary = await seedDemo(db, { participants: Math.max(STUDENTS * 2, 300) });
  const seedMs = performance.now() - seedStarted;

  const jadwal = summary.jadwal.berjalan;
  const kategori = jadwal.kategori[0];
  const students = await db.kysely
    .selectFrom('siswa')
    .select(['id'])
    .where('is_synthetic', '=', 1)
    .where('lembaga', 'in', ['SiapTes', 'tutorindonesia'])
    .orderBy('id')
    .limit(STUDENTS)
    .execute();
  const now = Date.now();
  const sessions = students.map((s) => ({ id: s.id, token: newToken() }));
  await db.kysely.transaction().execute(async (trx) => {
    for (const s of sessions) {
      await trx
        .insertInto('jadwal_peserta')
        .values({ id_jadwal: jadwal.id, id_siswa: s.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await trx
        .insertInto('sesi')
        .values({
          token_hash: hashToken(s.token),
          id_siswa: s.id,
          created_at: now,
          expires_at: now + 3_600_000,
          revoked_at: null,
        })
        .execute();
    }
  });

  const app = await buildApp({ db, config: loadConfig({ ...process.env, DATABASE_URL: databaseUrl }) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const samples: Sample[] = [];

  async function call<T>(
    name: string,
    token: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T | null> {
    const started = performance.now();
    try {
      const response = await fetch(`${address}/api${path}`, {
        method,
        headers: { key: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await response.json()) as { status: boolean; content?: T };
      samples.push({ call: name, ms: performance.now() - started, ok: response.ok && json.status });
      return json.status ? (json.content ?? (json as unknown as T)) : null;
    } catch {
      samples.push({ call: name, ms: performance.now() - started, ok: false });
      return null;
    }
  }

  const wallStarted = performance.now();
  const started = await pool(
    sessions.map(
      (s) => () =>
        call<StartContent>(
          'start',
          s.token,
          'POST',
          `/siswa/tryout/start/id/${jadwal.id}/kategori/${kategori.hash}`,
          {
            id_siswa: s.id,
          },
        ),
    ),
    CONCURRENCY,
  );
  const firstMapel = kategori.mapel[0];
  await pool(
    sessions.map(
      (s) => () =>
        call('statusmapel', s.token, 'PUT', `/siswa/tryout/statusmapel/id/${jadwal.id}`, {
          id_siswa: s.id,
          id_mapel: firstMapel.id,
          kategori: kategori.hash,
          sisa_waktu: firstMapel.waktu * 60,
          status: 0,
        }),
    ),
    CONCURRENCY,
  );

  const acknowledged: number[] = [];
  const savesPerStudent: (() => Promise<unknown>)[][] = [];
  sessions.forEach((s, index) => {
    const attempt = started[index];
    if (!attempt) return;
    const saves: (() => Promise<unknown>)[] = [];
    savesPerStudent.push(saves);
    for (const soal of attempt.soal.filter((item) => item.id_mapel === firstMapel.id)) {
      const statement = soal.type === 3 ? soal.group_soal[0]?.id_jawaban_group : undefined;
      saves.push(async () => {
        const saved = await call('saveanswer', s.token, 'PUT', `/siswa/tryout/saveanswer/id/${jadwal.id}`, {
          id_hasil_to: attempt.id_hasil_to,
          id_jawaban: soal.id_jawaban,
          jawaban: answerFor(soal.type),
          sisa_waktu: 100,
          type_soal: soal.type,
          operation: 'save',
          ...(statement ? { id_jawaban_group: statement } : {}),
        });
        if (saved) acknowledged.push(soal.id_jawaban);
      });
    }
  });
  // Round-robin over students so the load looks like many people answering at once.
  const longest = Math.max(0, ...savesPerStudent.map((list) => list.length));
  const saves = Array.from({ length: longest }, (_, n) =>
    savesPerStudent.flatMap((list) => list[n] ?? []),
  ).flat();
  const savesStarted = performance.now();
  await pool(saves, CONCURRENCY);
  const savesMs = performance.now() - savesStarted;

  await pool(
    sessions.map(
      (s) => () =>
        call('preview', s.token, 'GET', `/siswa/tryout/preview/paket/${jadwal.paket}/id/${jadwal.id}`),
    ),
    CONCURRENCY,
  );
  const wallMs = performance.now() - wallStarted;

  const stored = acknowledged.length
    ? await db.kysely
        .selectFrom('jawaban')
        .select((eb) => eb.fn.countAll<number>().as('jumlah'))
        .where('id', 'in', acknowledged)
        .where('jawaban', 'not in', ['0', ''])
        .executeTakeFirstOrThrow()
    : { jumlah: 0 };

  console.log(`SiapTes bench — ${db.dialect}, ${STUDENTS} students, ${CONCURRENCY} requests in flight`);
  console.log(`seed: ${seedMs.toFixed(0)} ms`);
  for (const name of ['start', 'statusmapel', 'saveanswer', 'preview']) {
    const ofCall = samples.filter((s) => s.call === name);
    const sorted = ofCall.map((s) => s.ms).sort((a, b) => a - b);
    const failed = ofCall.filter((s) => !s.ok).length;
    console.log(
      `${name.padEnd(12)} n=${String(ofCall.length).padStart(5)}  p50=${percentile(sorted, 50).toFixed(1)} ms  ` +
        `p95=${percentile(sorted, 95).toFixed(1)} ms  p99=${percentile(sorted, 99).toFixed(1)} ms  failed=${failed}`,
    );
  }
  console.log(`saveanswer throughput: ${((saves.length / savesMs) * 1000).toFixed(0)} req/s`);
  console.log(
    `answers acknowledged: ${acknowledged.length}, found in the database: ${Number(stored.jumlah)}`,
  );
  console.log(`total wall time: ${(wallMs / 1000).toFixed(1)} s`);

  await app.close();
  await db.close();
  rmSync(dir, { recursive: true, force: true });
  if (Number(stored.jumlah) !== acknowledged.length) {
    console.error('LOST ANSWERS: an acknowledged answer is missing from the database');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
