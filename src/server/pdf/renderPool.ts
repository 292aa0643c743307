/**
 * PDFs drawn in one worker thread (worker.ts), so typesetting a long subject never stalls the other requests, and
 * kept in a bounded cache by the digest of their data: the same questions, answers and names give the same
 * document, so a second fetch is answered at once. Where no worker can start, the PDF is drawn here instead.
 * Formulas: the worker is given those of a job it has not had yet that are stored (rumusTersimpan.ts), and what it
 * had to typeset is stored, so no formula is typeset twice across a fleet's apps and restarts.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderDocument, rumusJob, type PdfJob } from './jobs';
import { ambilRumusBaru, ingatRumus, MATH_CACHE_LIMIT, type MathSvg } from './mathSvg';
import type { SimpananRumus } from './rumusTersimpan';

/** Bytes of PDFs kept; the least recently used go first. */
export const PDF_CACHE_BYTES = 64 * 1024 * 1024;

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

function digest(job: PdfJob): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify(job, (_key, value: unknown) => {
      if (value instanceof Map)
        // Images are addressed by their content (/konten/<sha256>) or carry it (data:), so their keys suffice.
        return [...(value as Map<string, { contentType: string }>)].map(([k, v]) => [k, v.contentType]);
      return value;
    }),
  );
  return hash.digest('hex');
}

function remember(key: string, pdf: Buffer): void {
  if (pdf.length > PDF_CACHE_BYTES) return;
  cache.set(key, pdf);
  cachedBytes += pdf.length;
  while (cachedBytes > PDF_CACHE_BYTES) {
    const [oldest, bytes] = cache.entries().next().value as [string, Buffer];
    cache.delete(oldest);
    cachedBytes -= bytes.length;
  }
}

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
  simpanan: SimpananRumus | undefined;
}

/**
 * The formulas the worker has been given or has typeset, least recently used first, as its own cache keeps them
 * (mathSvg.ts): those are not read from the store again. Should the two disagree, a formula is typeset once more.
 */
const workerHas = new Map<string, true>();

function workerGot(keys: Iterable<string>): void {
  for (const key of keys) {
    workerHas.delete(key);
    workerHas.set(key, true);
  }
  while (workerHas.size > MATH_CACHE_LIMIT) workerHas.delete(workerHas.keys().next().value as string);
}

/** What the worker typeset, stored for the other apps; a store that fails only costs a typesetting later. */
function store(simpanan: SimpananRumus | undefined, baru: [string, MathSvg | null][]): void {
  workerGot(baru.map(([key]) => key));
  if (simpanan && baru.length > 0) simpanan.simpan(baru).catch(() => undefined);
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

/** The worker, started on the first PDF; compiled JavaScript in production, TypeScript through tsx in tests. */
function startWorker(): Worker | null {
  if (worker) return worker;
  const typescript = __filename.endsWith('.ts');
  try {
    worker = new Worker(path.join(__dirname, typescript ? 'worker.ts' : 'worker.js'), {
      execArgv: typescript ? ['--require', 'tsx/cjs'] : [],
    });
  } catch {
    return null;
  }
  const started = worker;
  workerHas.clear();
  started.unref();
  type Reply = { id: number; pdf?: Uint8Array; rumusBaru?: [string, MathSvg | null][]; error?: string };
  started.on('message', (message: Reply) => {
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (!job) return;
    store(job.simpanan, message.rumusBaru ?? []);
    if (message.pdf)
      job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    else job.reject(new Error(message.error ?? 'PDF gagal dibuat'));
  });
  const drop = (error: Error) => {
    if (worker === started) worker = null;
    workerHas.clear();
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', drop);
  started.on('exit', (code) => drop(new Error(`the PDF worker stopped (exit ${code})`)));
  return started;
}

/** The stored formulas of the job that the worker has not got; none when the store cannot be read. */
async function storedFor(
  job: PdfJob,
  simpanan: SimpananRumus | undefined,
): Promise<[string, MathSvg | null][]> {
  const keys = rumusJob(job).map((r) => r.kunci);
  const missing = keys.filter((key) => !workerHas.has(key));
  workerGot(keys);
  if (!simpanan || missing.length === 0) return [];
  // The store only saves time: a PDF is drawn (its formulas typeset) without it.
  return [...(await simpanan.baca(missing).catch(() => new Map<string, MathSvg | null>()))];
}

async function inWorker(job: PdfJob, simpanan: SimpananRumus | undefined): Promise<Buffer> {
  const thread = startWorker();
  const rumus = await storedFor(job, simpanan);
  if (!thread) {
    ingatRumus(rumus);
    const pdf = await renderDocument(job);
    store(simpanan, ambilRumusBaru());
    return pdf;
  }
  return new Promise<Buffer>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, simpanan });
    thread.ref();
    thread.postMessage({ id, job, rumus });
  });
}

/**
 * Documents being drawn, by digest: the students who ask for the same discussion PDF at once (an event's end) wait
 * for one drawing, not one each in the worker's queue.
 */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * The PDF of a job, from the cache, from a drawing of the same document under way, or drawn by the worker with the
 * formulas `simpanan` holds.
 */
export async function renderPdf(job: PdfJob, simpanan?: SimpananRumus): Promise<Buffer> {
  const key = digest(job);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const under = drawing.get(key);
  if (under) return under;
  const drawn = inWorker(job, simpanan)
    .then((pdf) => {
      remember(key, pdf);
      return pdf;
    })
    .finally(() => drawing.delete(key));
  drawing.set(key, drawn);
  return drawn;
}
