/**
 * The PDFs of a long subject with math (issue 48): a package whose one subject holds `questions` questions with
 * TeX in every question, option and discussion (pdfPackage.ts) is imported into a fresh SQLite database as the
 * operator's `import-paket` does, the built server is started on it, and a regular student fetches the subject's
 * question PDF twice (first: typeset and drawn; second: from the cache) and, once the category is finished, the
 * discussion PDF. While each first render runs, a cheap API call (the student's profile) is sent at a steady rate
 * beside it, open loop, each timed from when it was due: a stalled event loop shows in its p99 at once, however
 * few connections are open. The same call's p99 with no PDF running is measured just before, for comparison.
 */
import { request, Agent } from 'node:http';
import { join } from 'node:path';
import { loadConfig } from '../server/config';
import { closeDb, createDb } from '../server/db/createDb';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/demo';
import { FileBermasalah, formatMasalah } from '../server/operator/masalah';
import { imporPaket } from '../server/operator/imporPaket';
import { hashToken, newToken } from '../server/plugins/auth';
import { insertSessions } from './bulkLoad';
import { freePort } from './childProcess';
import { formulasOf, pdfPackage, pdfQuestions } from './pdfPackage';
import { ROOT, startServer } from './processes';
import { rideOutMs } from './rideOut';
import { percentile } from './percentile';
import { probeMs } from './speedProbe';

/** The first question PDF of a 216-question subject is ready within this (issue 48). */
export const PDF_FIRST_TARGET_MS = 2000;

/** Cheap calls a second beside a render: one every 5 ms. */
export const CHEAP_CALLS_PER_SECOND = 200;

export interface PdfPhaseOptions {
  questions: number;
  /** How long the cheap call is measured alone, with no PDF running. */
  seconds: number;
}

/** The cheap call's latencies (ms, from when each was due) over a stretch of time. */
export interface CheapCalls {
  calls: number;
  p50: number;
  p99: number;
  max: number;
  /** Calls answered with anything but 200, or not at all. */
  errors: number;
}

export interface TimedPdf {
  ms: number;
  bytes: number;
  /** The cheap call beside this fetch; null when none was sent. */
  beside: CheapCalls | null;
}

export interface PdfReport {
  questions: number;
  /** Formulas written in the subject (question, options, discussion), and how many distinct. */
  formulas: { written: number; distinct: number };
  alone: CheapCalls & { seconds: number };
  soalFirst: TimedPdf;
  soalAgain: TimedPdf;
  pembahasanFirst: TimedPdf;
  speed: { beforeMs: number; afterMs: number };
}

interface Seeded {
  idJadwal: number;
  hash: string;
  idMapel: number;
  student: { id: number; token: string };
}

/** The demo's accounts, the package imported for the regular demo student, and a session for that student. */
async function seed(databaseUrl: string, questions: number, now: number): Promise<Seeded> {
  const db = await createDb(databaseUrl);
  try {
    await migrateToLatest(db);
    const demo = await seedDemo(db, { now, participants: 0 });
    const file = pdfPackage(questions, ['reguler'], now);
    let written;
    try {
      written = await imporPaket(db, 'bench-pdf.json', file, loadConfig({}));
    } catch (error) {
      if (error instanceof FileBermasalah) throw new Error(formatMasalah(error.masalah));
      throw error;
    }
    const student = { id: demo.siswa.reguler, token: newToken() };
    await db
      .transaction()
      .execute((trx) =>
        insertSessions(
          trx,
          [{ tokenHash: hashToken(student.token), idSiswa: student.id }],
          now,
          now + 24 * 60 * 60 * 1000,
        ),
      );
    const kategori = written.kategori[0];
    return { idJadwal: written.idJadwal, hash: kategori.hash, idMapel: kategori.mapel[0].id, student };
  } finally {
    await closeDb(db);
  }
}

const agent = new Agent({ keepAlive: true });

/** One request on the bench's keep-alive connections; resolves with its status and body (never rejects). */
function call(
  port: number,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  key: string,
  body?: object,
): Promise<{ status: number; body: Buffer; type: string; headers: Record<string, string> }> {
  return new Promise((resolve) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { key, ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            type: String(res.headers['content-type'] ?? ''),
            headers: { 'retry-after': String(res.headers['retry-after'] ?? '') },
          }),
        );
        res.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), type: '', headers: {} }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: Buffer.alloc(0), type: '', headers: {} }));
    req.end(payload);
  });
}

/**
 * The cheap call sent every 1000/CHEAP_CALLS_PER_SECOND ms until `until` settles, whatever the answers (open
 * loop), each timed from when it was due: a call the server could not answer for a second counts a second, and so
 * do the ones due meanwhile. Waits for the calls still unanswered.
 */
async function cheapCallsUntil(port: number, seeded: Seeded, until: Promise<unknown>): Promise<CheapCalls> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const path = `/api/siswa/profil/user/id/${seeded.student.id}`;
  const interval = 1000 / CHEAP_CALLS_PER_SECOND;
  const latencies: Promise<number | null>[] = [];
  const started = performance.now();
  for (let n = 0; !done; n++) {
    const due = started + n * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (done) break;
    latencies.push(
      call(port, 'GET', path, seeded.student.token).then((r) =>
        r.status === 200 ? performance.now() - due : null,
      ),
    );
  }
  const answered = await Promise.all(latencies);
  const ok = answered.filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  return {
    calls: answered.length,
    p50: percentile(ok, 0.5),
    p99: percentile(ok, 0.99),
    max: ok.at(-1) ?? 0,
    errors: answered.length - ok.length,
  };
}

/** A PDF fetched and timed, with the cheap call beside it when asked; fails unless a PDF came back. */
async function timedPdf(port: number, seeded: Seeded, path: string, beside: boolean): Promise<TimedPdf> {
  const started = performance.now();
  const fetching = call(port, 'GET', path, seeded.student.token).then((r) => ({
    ...r,
    ms: performance.now() - started,
  }));
  const calls = beside ? await cheapCallsUntil(port, seeded, fetching) : null;
  const pdf = await fetching;
  if (pdf.status !== 200 || !pdf.type.startsWith('application/pdf'))
    throw new Error(`${path}: HTTP ${pdf.status} ${pdf.type}: ${pdf.body.toString('utf8').slice(0, 500)}`);
  return { ms: pdf.ms, bytes: pdf.body.length, beside: calls };
}

async function sendOk(
  port: number,
  seeded: Seeded,
  method: 'POST' | 'PUT',
  path: string,
  extra: object = {},
): Promise<void> {
  // Refused while the server sheds load (it was just started): asked again after its Retry-After, as the SPA does.
  for (let tries = 0; ; tries++) {
    const r = await call(port, method, path, seeded.student.token, { id_siswa: seeded.student.id, ...extra });
    const wait = rideOutMs(r.status, r.headers['retry-after'] ?? null, Date.now());
    if (wait !== null && tries < 20) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      continue;
    }
    const body = JSON.parse(r.body.toString('utf8') || '{}') as { status?: boolean; message?: string };
    if (r.status !== 200 || body.status !== true)
      throw new Error(`${path}: HTTP ${r.status} ${body.message ?? ''}`);
    return;
  }
}

/** Seeds the package, starts the built server on it and measures the PDFs. */
export async function pdfPhase(
  dir: string,
  opts: PdfPhaseOptions,
  log: (text: string) => void,
): Promise<PdfReport> {
  const databaseUrl = `file:${join(dir, 'bench-pdf.db')}`;
  const now = Date.now();
  log(`seeding a subject of ${opts.questions} questions with TeX`);
  const seeded = await seed(databaseUrl, opts.questions, now);
  const formulas = pdfQuestions(opts.questions).flatMap(formulasOf);
  const port = await freePort();
  const server = await startServer(ROOT, { DATABASE_URL: databaseUrl, WORKERS: '1' }, port);
  try {
    const { idJadwal, hash, idMapel } = seeded;
    await sendOk(port, seeded, 'POST', `/api/siswa/tryout/start/id/${idJadwal}/kategori/${hash}`);
    // A second of the cheap call first, not counted: the server's first answers of a route compile its code.
    await cheapCallsUntil(port, seeded, new Promise((resolve) => setTimeout(resolve, 1000)));
    log(`the cheap call alone for ${opts.seconds} s`);
    const alone = await cheapCallsUntil(
      port,
      seeded,
      new Promise((resolve) => setTimeout(resolve, opts.seconds * 1000)),
    );
    const soal = `/api/pdf/soal/${idJadwal}/${hash}/${idMapel}`;
    const beforeMs = probeMs();
    log('question PDF, first fetch');
    const soalFirst = await timedPdf(port, seeded, soal, true);
    log('question PDF, second fetch');
    const soalAgain = await timedPdf(port, seeded, soal, false);
    // The subject closed (status 1, as when its time is up), then the category ended: the discussion opens.
    const close = { id_mapel: idMapel, kategori: hash, sisa_waktu: 0, status: 1 };
    await sendOk(port, seeded, 'PUT', `/api/siswa/tryout/statusmapel/id/${idJadwal}`, close);
    await sendOk(port, seeded, 'POST', `/api/siswa/tryout/end/id/${idJadwal}/kategori/${hash}`);
    log('discussion PDF, first fetch');
    const pembahasanFirst = await timedPdf(port, seeded, `/api/pdf/pembahasan/${idJadwal}/${hash}`, true);
    return {
      questions: opts.questions,
      formulas: { written: formulas.length, distinct: new Set(formulas).size },
      alone: { ...alone, seconds: opts.seconds },
      soalFirst,
      soalAgain,
      pembahasanFirst,
      speed: { beforeMs, afterMs: probeMs() },
    };
  } finally {
    await server.stop();
  }
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);

function besideCell(c: CheapCalls | null): string {
  if (!c) return '—';
  return `${c.calls} calls: ${fixed(c.p50)} / ${fixed(c.p99)} / ${fixed(c.max)}${c.errors ? `, ${c.errors} failed` : ''}`;
}

/** The PDF phase's table and its notes. */
export function formatPdf(r: PdfReport): string {
  const met = r.soalFirst.ms <= PDF_FIRST_TARGET_MS;
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    `### PDF: a subject of ${r.questions} questions with TeX in every question, option and discussion ` +
      '(SQLite, 1 process)',
    '',
    row([
      'request',
      'ms',
      'PDF bytes',
      `cheap API call (profile) meanwhile, ${CHEAP_CALLS_PER_SECOND}/s: p50 / p99 / max ms`,
    ]),
    row(['---', '---:', '---:', '---:']),
    row([`baseline: the cheap call alone, no PDF (${r.alone.seconds} s)`, '—', '—', besideCell(r.alone)]),
    row([
      'question PDF, first fetch (typeset and drawn)',
      fixed(r.soalFirst.ms),
      r.soalFirst.bytes,
      besideCell(r.soalFirst.beside),
    ]),
    row(['question PDF, second fetch (cached)', fixed(r.soalAgain.ms), r.soalAgain.bytes, '—']),
    row([
      'discussion PDF, first fetch (typeset and drawn)',
      fixed(r.pembahasanFirst.ms),
      r.pembahasanFirst.bytes,
      besideCell(r.pembahasanFirst.beside),
    ]),
    '',
    `First question PDF: ${fixed(r.soalFirst.ms)} ms, target ≤ ${PDF_FIRST_TARGET_MS} ms: ${met ? 'met' : 'NOT met'}. ` +
      `Formulas written: ${r.formulas.written}, distinct: ${r.formulas.distinct}. The cheap call is sent open loop ` +
      `and timed from when it was due. CPU probe ms, before / after the PDFs: ${fixed(r.speed.beforeMs, 1)} / ` +
      `${fixed(r.speed.afterMs, 1)}`,
    '',
  ].join('\n');
}
