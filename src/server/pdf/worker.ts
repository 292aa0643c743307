/**
 * The PDF worker thread (renderPool.ts starts it): draws the documents of documents.ts off the server's event loop.
 * Data arrives structured-cloned, so the image bytes come as Uint8Array and are made Buffers again for pdfkit. A
 * job whose formulas this thread has not got waits for the stored ones (read by the server) before it is drawn.
 */
import { parentPort } from 'node:worker_threads';
import { renderDocument, rumusKurang, type PdfJob, type WorkerMessage, type WorkerReply } from './jobs';
import { ambilRumusBaru, ingatRumus } from './mathSvg';

const reply = (message: WorkerReply) => parentPort?.postMessage(message);

/** Jobs waiting for their stored formulas, by id. */
const waiting = new Map<number, PdfJob>();

function draw(id: number, job: PdfJob): void {
  renderDocument(job).then(
    (pdf) => reply({ id, pdf, rumusBaru: ambilRumusBaru() }),
    (error: unknown) => reply({ id, error: (error as Error).message ?? String(error) }),
  );
}

parentPort?.on('message', (message: WorkerMessage) => {
  if ('job' in message) {
    const butuh = rumusKurang(message.job);
    if (butuh.length === 0) return draw(message.id, message.job);
    waiting.set(message.id, message.job);
    return reply({ id: message.id, butuh });
  }
  const job = waiting.get(message.id);
  waiting.delete(message.id);
  if (!job) return;
  ingatRumus(message.rumus);
  draw(message.id, job);
});
