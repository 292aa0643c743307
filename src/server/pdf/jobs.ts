/** A PDF to draw, as plain data that can cross to the worker thread, and the drawing of it. */
import type { GambarPdf } from './drawRich';
import {
  hasilPdf,
  pembahasanPdf,
  soalPdf,
  type HasilDocument,
  type PembahasanDocument,
  type SoalDocument,
} from './documents';

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
