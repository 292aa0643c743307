/**
 * A question file told by its content, not its name: a zip is a QTI content package (imsmanifest.xml) or an Excel
 * workbook (xl/workbook.xml); XML is Moodle XML (`<quiz>`) or a QTI item (`<assessmentItem>`); other text is GIFT.
 */
import { unzipSync } from 'fflate';
import { bacaExcelSoal } from './excelSoal';
import { bacaGift } from './gift';
import { FileSoalRusak, type HasilKonversi } from './konversi';
import { bacaMoodleXml } from './moodleXml';
import { bacaQtiItem, bacaQtiPaket } from './qti';
import { tolakTexSalah } from './texSoal';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * Bounds of one question file, so that a hostile or broken file cannot fill the operator's memory: its bytes, a
 * zip's entries and what they expand to (checked from the zip's directory before anything is expanded), and how
 * deep its XML nests (the XML parsers recurse per level).
 */
const BATAS_FILE_SOAL = {
  bytes: 50 * 1024 * 1024,
  entri: 2000,
  bytesDiperluas: 200 * 1024 * 1024,
  kedalamanXml: 100,
} as const;

const MB = 1024 * 1024;

/** A zip's entries, refused before expanding when it holds too many or would expand past the bound. */
function bukaZip(bytes: Buffer): Record<string, Uint8Array> {
  let entri = 0;
  let diperluas = 0;
  let melebihi: string | null = null;
  const entries = unzipSync(bytes, {
    filter: (file) => {
      entri += 1;
      diperluas += file.originalSize;
      if (entri > BATAS_FILE_SOAL.entri) melebihi ??= `holds more than ${BATAS_FILE_SOAL.entri} files`;
      if (diperluas > BATAS_FILE_SOAL.bytesDiperluas)
        melebihi ??= `expands to more than ${BATAS_FILE_SOAL.bytesDiperluas / MB} MB`;
      return melebihi === null;
    },
  });
  if (melebihi !== null) throw new FileSoalRusak(`is a zip file that ${melebihi}; split it`);
  // A directory that understates its sizes still gives no more than it declared (fflate expands into that size).
  const nyata = Object.values(entries).reduce((sum, entry) => sum + entry.length, 0);
  if (nyata > BATAS_FILE_SOAL.bytesDiperluas)
    throw new FileSoalRusak(
      `is a zip file that expands to more than ${BATAS_FILE_SOAL.bytesDiperluas / MB} MB`,
    );
  return entries;
}

/** The deepest nesting of elements in an XML text (a scan of its tags, before any parser sees it). */
function kedalamanXml(text: string): number {
  let depth = 0;
  let max = 0;
  for (const match of text.matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (match[1] === '/') depth -= 1;
    else if (match[2] !== '/') max = Math.max(max, ++depth);
  }
  return max;
}

/** The root element's name of an XML document, after its declaration, comments and doctype. */
function akarXml(text: string): string | null {
  const match =
    /^\s*(?:<\?xml[\s\S]*?\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<([A-Za-z_][\w.:-]*)/.exec(text);
  return match ? match[1].replace(/^.*:/, '') : null;
}

function utf8(bytes: Buffer): string {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  return text.replace(/^\uFEFF/, '');
}

/** A question file's questions; one whose TeX cannot be typeset is refused by its name (texSoal.ts). */
export async function bacaSoal(bytes: Buffer): Promise<HasilKonversi> {
  return tolakTexSalah(await bacaMenurutIsi(bytes));
}

async function bacaMenurutIsi(bytes: Buffer): Promise<HasilKonversi> {
  if (bytes.length > BATAS_FILE_SOAL.bytes)
    throw new FileSoalRusak(`is larger than ${BATAS_FILE_SOAL.bytes / MB} MB; split it`);
  if (bytes.subarray(0, 4).equals(ZIP)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = bukaZip(bytes);
    } catch (error) {
      if (error instanceof FileSoalRusak) throw error;
      throw new FileSoalRusak(`is a damaged zip file (${(error as Error).message})`);
    }
    // The XML inside a package is parsed as a file of its own would be: the same bound on its nesting.
    for (const [name, entry] of Object.entries(entries))
      if (
        /\.xml$/i.test(name) &&
        kedalamanXml(Buffer.from(entry).toString('utf8')) > BATAS_FILE_SOAL.kedalamanXml
      )
        throw new FileSoalRusak(
          `holds ${name}, XML nested deeper than ${BATAS_FILE_SOAL.kedalamanXml} levels`,
        );
    if (entries['imsmanifest.xml']) return bacaQtiPaket(entries);
    if (entries['xl/workbook.xml']) return bacaExcelSoal(bytes);
    throw new FileSoalRusak(
      'is a zip file but neither a QTI content package (imsmanifest.xml) nor an Excel workbook',
    );
  }
  let text: string;
  try {
    text = utf8(bytes);
  } catch {
    throw new FileSoalRusak('is not UTF-8 text; save it as UTF-8');
  }
  const root = akarXml(text);
  if (root !== null && kedalamanXml(text) > BATAS_FILE_SOAL.kedalamanXml)
    throw new FileSoalRusak(`is XML nested deeper than ${BATAS_FILE_SOAL.kedalamanXml} levels`);
  if (root === 'quiz') return bacaMoodleXml(text);
  if (root === 'assessmentItem') return bacaQtiItem(text, new Map());
  if (root !== null && text.trimStart().startsWith('<'))
    throw new FileSoalRusak(
      `is XML with root <${root}>, neither Moodle XML (<quiz>) nor a QTI assessmentItem`,
    );
  return bacaGift(text);
}
