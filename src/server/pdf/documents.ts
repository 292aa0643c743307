/** The three PDFs, drawn with pdfkit's standard fonts from plain data; no database here. */
import PDFDocument from 'pdfkit';
import { isEmptyHtml } from '../../contract/htmlSoal';
import { RichDrawer, richRuns, type GambarPdf } from './drawRich';
import { pdfText, toWinAnsi } from './text';

export const PRODUCT = 'SiapTes';
const OPTION_KEYS = ['a', 'b', 'c', 'd', 'e'] as const;
type OptionKey = (typeof OPTION_KEYS)[number];

export interface PdfStatement {
  pernyataan: string;
  kunci?: string;
  jawaban?: string;
}

export interface PdfQuestion {
  nomor: number;
  type: number;
  soal: string;
  options: Record<OptionKey, string>;
  /** Type 3: 1 Benar/Salah, 2 Memperkuat/Memperlemah. */
  group_text_type: number | null;
  statements: PdfStatement[];
  /** Discussion only. */
  kunci?: string;
  jawaban?: string;
  is_benar?: boolean;
  pembahasan?: string;
}

/** Every piece of HTML a question shows in a PDF: its images are fetched and its formulas rendered before drawing. */
export function htmlOf(question: PdfQuestion): string[] {
  return [
    question.soal,
    ...Object.values(question.options),
    ...question.statements.map((s) => s.pernyataan),
    question.pembahasan ?? '',
  ];
}

export interface SoalDocument {
  paket: number;
  kategori: string;
  mapel: string;
  waktu: number;
  soal: PdfQuestion[];
  /** The bytes of the images the questions show (pdf/data.ts loads them). */
  gambar: GambarPdf;
}

export interface PembahasanDocument {
  paket: number;
  kategori: string;
  nama: string;
  mapel: { mapel: string; soal: PdfQuestion[] }[];
  gambar: GambarPdf;
}

export interface HasilDocument {
  paket: number;
  kategori: string;
  nama: string;
  minat: string;
  tanggal: string;
  rows: { mapel: string; benar: number; salah: number; kosong: number; nilai: number }[];
  rata_rata: number;
}

function render(title: string, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: toWinAnsi(title), Author: PRODUCT, Creator: PRODUCT },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

function heading(doc: PDFKit.PDFDocument, lines: string[]): void {
  doc.font('Helvetica-Bold').fontSize(16).text(toWinAnsi(lines[0]), { align: 'center' });
  doc.font('Helvetica').fontSize(11);
  for (const line of lines.slice(1)) doc.text(toWinAnsi(line), { align: 'center' });
  doc.moveDown();
}

function statementLabels(groupTextType: number | null): [string, string] {
  return groupTextType === 2 ? ['Memperkuat', 'Memperlemah'] : ['Benar', 'Salah'];
}

function statementValue(value: string | undefined, groupTextType: number | null): string {
  const [yes, no] = statementLabels(groupTextType);
  if (value === 'Y') return yes;
  if (value === 'N') return no;
  return 'Kosong';
}

function drawQuestion(
  doc: PDFKit.PDFDocument,
  rich: RichDrawer,
  question: PdfQuestion,
  withKeys: boolean,
): void {
  doc.font('Helvetica-Bold').fontSize(11).text(`${question.nomor}.`, { continued: false });
  doc.font('Helvetica').fontSize(11);
  rich.drawHtml(question.soal, { indent: 10 });
  if (question.type === 1) {
    for (const key of OPTION_KEYS) {
      const option = question.options[key];
      if (isEmptyHtml(option)) continue;
      rich.drawHtml(option, { indent: 20, prefix: `${key.toUpperCase()}. ` });
    }
  } else if (question.type === 3) {
    const [yes, no] = statementLabels(question.group_text_type);
    question.statements.forEach((statement, index) => {
      const suffix = withKeys
        ? `  (kunci: ${statementValue(statement.kunci, question.group_text_type)}, jawabanmu: ${statementValue(statement.jawaban, question.group_text_type)})`
        : `  (${yes} / ${no})`;
      rich.drawHtml(statement.pernyataan, { indent: 20, prefix: `${index + 1}) `, suffix });
    });
  } else if (!withKeys) {
    doc
      .fillColor('#555555')
      .text(question.type === 4 ? 'Jawaban uraian:' : 'Jawaban singkat:', { indent: 20 });
    doc.fillColor('black');
  }
  if (withKeys) {
    doc.moveDown(0.3);
    if (question.type !== 3) {
      const jawaban = question.jawaban && question.jawaban !== '' ? question.jawaban : 'Kosong';
      doc.text(toWinAnsi(`Jawabanmu: ${jawaban}`), { indent: 10 });
      doc.text(toWinAnsi(`Kunci: ${pdfText(question.kunci ?? '')}`), { indent: 10 });
    }
    if (question.type !== 4) {
      doc
        .fillColor(question.is_benar ? '#1a7f37' : '#c0392b')
        .text(question.is_benar ? 'Benar' : 'Salah', { indent: 10 })
        .fillColor('black');
    }
    const pembahasan = question.pembahasan ?? '';
    if (richRuns(pembahasan).length > 0) {
      doc.font('Helvetica-Bold').text('Pembahasan:', { indent: 10 });
      doc.font('Helvetica');
      rich.drawHtml(pembahasan, { indent: 10 });
    }
  }
  doc.moveDown();
}

export function soalPdf(data: SoalDocument): Promise<Buffer> {
  const title = `Soal ${data.mapel} - Paket #${data.paket}`;
  return render(title, (doc) => {
    heading(doc, [
      `${PRODUCT} - Paket #${data.paket}`,
      `Kategori ${data.kategori}`,
      `${data.mapel} (${data.soal.length} soal, ${data.waktu} menit)`,
    ]);
    const rich = new RichDrawer(doc, data.gambar);
    for (const question of data.soal) drawQuestion(doc, rich, question, false);
  });
}

export function pembahasanPdf(data: PembahasanDocument): Promise<Buffer> {
  const title = `Pembahasan ${data.kategori} - Paket #${data.paket}`;
  return render(title, (doc) => {
    heading(doc, [`Pembahasan Paket #${data.paket}`, `Kategori ${data.kategori}`, data.nama]);
    const rich = new RichDrawer(doc, data.gambar);
    data.mapel.forEach((section, index) => {
      if (index > 0) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(13).text(toWinAnsi(section.mapel));
      doc.moveDown(0.5);
      for (const question of section.soal) drawQuestion(doc, rich, question, true);
    });
  });
}

export function hasilPdf(data: HasilDocument): Promise<Buffer> {
  const title = `Hasil ${data.kategori} - Paket #${data.paket}`;
  return render(title, (doc) => {
    heading(doc, [
      'Hasil Tryout',
      data.nama.toUpperCase(),
      `${data.minat} - Paket #${data.paket} - Kategori ${data.kategori}`,
      data.tanggal,
    ]);
    const columns = [50, 270, 335, 400, 465];
    const widths = [210, 60, 60, 60, 80];
    const header = ['Mata Pelajaran', 'Benar', 'Salah', 'Kosong', 'Nilai'];
    const row = (cells: string[], bold: boolean) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(11);
      // The subject name may wrap: the row is as tall as its tallest cell.
      const height = Math.max(
        ...cells.map((cell, index) => doc.heightOfString(toWinAnsi(cell), { width: widths[index] })),
      );
      cells.forEach((cell, index) => doc.text(toWinAnsi(cell), columns[index], y, { width: widths[index] }));
      doc.x = 50;
      doc.y = y + height;
      doc.moveDown(0.4);
    };
    row(header, true);
    for (const item of data.rows) {
      row(
        [item.mapel, String(item.benar), String(item.salah), String(item.kosong), String(item.nilai)],
        false,
      );
    }
    doc.moveDown();
    doc.font('Helvetica-Bold').text(`Rata-Rata: ${data.rata_rata}`, 50);
  });
}
