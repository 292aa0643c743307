/**
 * PDFs drawn in one worker thread (worker.ts), so typesetting a long subject never stalls the other requests, and
 * kept in a bounded cache by the digest of their data: the same questions, answers and names give the same
 * document, so a second fetch is answered at once. Where no worker can start, the PDF is drawn here instead.
 * Formulas: the worker asks for those of a job it has not got, which are read from the store (rumusTersimpan.ts),
 * and what it had to typeset is stored, so no formula is typeset twice across a fleet's apps and restarts.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderDocument, rumusKurang, type PdfJob, type WorkerMessage, type WorkerReply } from './jobs';
import { ambilRumusBaru, ingatRumus, type MathSvg } from './mathSvg';
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

/** The stored formulas among these keys; none when there is no store or it cannot be read. */
async function bacaRumus(
  simpanan: SimpananRumus | undefined,
  keys: readonly string[],
): Promise<[string, MathSvg | null][]> {
  if (!simpanan || keys.length === 0) return [];
  // The store only saves time: a PDF is drawn (its formulas typeset) without it.
  return [...(await simpanan.baca(keys).catch(() => new Map<string, MathSvg | null>()))];
}

/** What the drawing typeset, stored for the other apps; a store that fails only costs a typesetting later. */
function store(simpanan: SimpananRumus | undefined, baru: [string, MathSvg | null][]): void {
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
  started.unref();
  started.on('message', (message: WorkerReply) => {
    const job = pending.get(message.id);
    if (job && 'butuh' in message) {
      void bacaRumus(job.simpanan, message.butuh).then((rumus) =>
        started.postMessage({ id: message.id, rumus }),
      );
      return;
    }
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (!job) return;
    if ('pdf' in message) {
      store(job.simpanan, message.rumusBaru);
      job.resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    } else if ('error' in message) job.reject(new Error(message.error));
  });
  const drop = (error: Error) => {
    if (worker === started) worker = null;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', drop);
  started.on('exit', (code) => drop(new Error(`the PDF worker stopped (exit ${code})`)));
  return started;
}

async function inWorker(job: PdfJob, simpanan: SimpananRumus | undefined): Promise<Buffer> {
  const thread = startWorker();
  if (!thread) {
    ingatRumus(await bacaRumus(simpanan, rumusKurang(job)));
    const pdf = await renderDocument(job);
    store(simpanan, ambilRumusBaru());
    return pdf;
  }
  return new Promise<Buffer>((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject, simpanan });
    thread.ref();
    thread.postMessage({ id, job } satisfies WorkerMessage);
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
