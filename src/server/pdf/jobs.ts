/** A PDF to draw, as plain data that can cross to the worker thread, and the drawing of it. */
import type { GambarPdf } from './drawRich';
import {
  hasilPdf,
  htmlOf,
  pembahasanPdf,
  soalPdf,
  type HasilDocument,
  type PembahasanDocument,
  type SoalDocument,
} from './documents';
import { adaRumus, kunciRumus, type MathSvg } from './mathSvg';
import { richRuns } from './richRuns';

export type PdfJob =
  | { jenis: 'soal'; data: SoalDocument }
  | { jenis: 'pembahasan'; data: PembahasanDocument }
  | { jenis: 'hasil'; data: HasilDocument };

/** Image bytes as Buffers again after a structured clone (which gives Uint8Array). */
function sebagaiBuffer(gambar: GambarPdf): GambarPdf {
  return new Map(
    [...gambar].map(([src, g]) => [
      src,
      {
        contentType: g.contentType,
        bytes: Buffer.from(g.bytes.buffer, g.bytes.byteOffset, g.bytes.byteLength),
      },
    ]),
  );
}

export interface Rumus {
  kunci: string;
  tex: string;
  display: boolean;
}

/** The formulas of these HTML texts, each once, with their cache key (mathSvg.ts). */
export function rumusDalam(htmls: readonly string[]): Rumus[] {
  const rumus = new Map<string, Rumus>();
  for (const html of htmls)
    for (const run of richRuns(html))
      if (run.kind === 'math') {
        const kunci = kunciRumus(run.tex, run.display);
        rumus.set(kunci, { kunci, tex: run.tex, display: run.display });
      }
  return [...rumus.values()];
}

/** The formulas a job draws. */
export function rumusJob(job: PdfJob): Rumus[] {
  const questions =
    job.jenis === 'soal'
      ? job.data.soal
      : job.jenis === 'pembahasan'
        ? job.data.mapel.flatMap((m) => m.soal)
        : [];
  return rumusDalam(questions.flatMap(htmlOf));
}

/** The job's formulas this process has not typeset or been given yet, by cache key. */
export function rumusKurang(job: PdfJob): string[] {
  return rumusJob(job)
    .map((r) => r.kunci)
    .filter((kunci) => !adaRumus(kunci));
}

/**
 * The conversation with the worker (worker.ts): a job; the worker's question for the formulas it has not got; the
 * stored ones among them (by cache key); the PDF with what the worker had to typeset, or an error.
 */
export type WorkerMessage = { id: number; job: PdfJob } | { id: number; rumus: [string, MathSvg | null][] };
export type WorkerReply =
  | { id: number; butuh: string[] }
  | { id: number; pdf: Uint8Array; rumusBaru: [string, MathSvg | null][] }
  | { id: number; error: string };

export function renderDocument(job: PdfJob): Promise<Buffer> {
  switch (job.jenis) {
    case 'soal':
      return soalPdf({ ...job.data, gambar: sebagaiBuffer(job.data.gambar) });
    case 'pembahasan':
      return pembahasanPdf({ ...job.data, gambar: sebagaiBuffer(job.data.gambar) });
    case 'hasil':
      return hasilPdf(job.data);
  }
}
