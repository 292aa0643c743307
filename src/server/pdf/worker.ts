/**
 * The PDF worker thread (renderPool.ts starts it): draws the documents of documents.ts off the server's event loop.
 * Data arrives structured-cloned, so the image bytes come as Uint8Array and are made Buffers again for pdfkit.
 */
import { parentPort } from 'node:worker_threads';
import { renderDocument, type PdfJob } from './jobs';
import { ambilRumusBaru, ingatRumus, type MathSvg } from './mathSvg';

interface Message {
  id: number;
  job: PdfJob;
  /** Formulas of the job typeset before (read from the database), by cache key. */
  rumus: [string, MathSvg | null][];
}

parentPort?.on('message', ({ id, job, rumus }: Message) => {
  ingatRumus(rumus);
  renderDocument(job).then(
    (pdf) => parentPort?.postMessage({ id, pdf, rumusBaru: ambilRumusBaru() }),
    (error: unknown) => parentPort?.postMessage({ id, error: (error as Error).message ?? String(error) }),
  );
});
