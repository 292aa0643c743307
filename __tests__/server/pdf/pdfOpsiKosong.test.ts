/**
 * The question and discussion PDFs never print an option the question does not have (a blank "E." on a
 * four-option question, whatever empty markup the bank stored for it). The PDFs' text is read as pdfkit draws it.
 */
import PDFDocument from 'pdfkit';
import { pembahasanPdf, soalPdf, type PdfQuestion } from '../../../src/server/pdf/documents';

function question(e: string): PdfQuestion {
  return {
    nomor: 1,
    type: 1,
    soal: '<p>Hasil dari 2 + 2 adalah</p>',
    options: { a: 'tiga', b: 'empat', c: 'lima', d: 'enam', e },
    group_text_type: null,
    statements: [],
    kunci: 'B',
    jawaban: 'A',
    is_benar: false,
    pembahasan: '<p>Dua tambah dua sama dengan empat.</p>',
  };
}

let drawn: string[] = [];
beforeEach(() => {
  drawn = [];
  const original = PDFDocument.prototype.text;
  jest.spyOn(PDFDocument.prototype, 'text').mockImplementation(function (this: PDFKit.PDFDocument, ...args) {
    drawn.push(String(args[0]));
    return (original as (...a: unknown[]) => PDFKit.PDFDocument).apply(this, args);
  });
});
afterEach(() => jest.restoreAllMocks());

/** The option letters printed, in order (each option's line starts with its letter and a full stop). */
const letters = () =>
  drawn.flatMap((t) => {
    const match = /^([A-E])\.(\s|$)/.exec(t.trim());
    return match ? [`${match[1]}.`] : [];
  });

describe.each(['', '<p></p>', '<p>&nbsp;</p>', ' '])('option E stored as %j', (e) => {
  it('the question PDF prints A–D only', async () => {
    const pdf = await soalPdf({
      paket: 7,
      kategori: 'TPS',
      mapel: 'Penalaran',
      waktu: 20,
      soal: [question(e)],
      gambar: new Map(),
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(letters()).toEqual(['A.', 'B.', 'C.', 'D.']);
    expect(drawn.join(' ')).toContain('empat');
  });

  it('the discussion PDF prints A–D only', async () => {
    await pembahasanPdf({
      paket: 7,
      kategori: 'TPS',
      nama: 'Budi Santoso',
      mapel: [{ mapel: 'Penalaran', soal: [question(e)] }],
      gambar: new Map(),
    });
    expect(letters()).toEqual(['A.', 'B.', 'C.', 'D.']);
  });
});

it('prints E when the question has it', async () => {
  await soalPdf({
    paket: 7,
    kategori: 'TPS',
    mapel: 'Penalaran',
    waktu: 20,
    soal: [question('tujuh')],
    gambar: new Map(),
  });
  expect(letters()).toEqual(['A.', 'B.', 'C.', 'D.', 'E.']);
});
