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

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

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

export async function bacaSoal(bytes: Buffer): Promise<HasilKonversi> {
  if (bytes.subarray(0, 4).equals(ZIP)) {
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(bytes);
    } catch (error) {
      throw new FileSoalRusak(`is a damaged zip file (${(error as Error).message})`);
    }
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
  if (root === 'quiz') return bacaMoodleXml(text);
  if (root === 'assessmentItem') return bacaQtiItem(text, new Map());
  if (root !== null && text.trimStart().startsWith('<'))
    throw new FileSoalRusak(
      `is XML with root <${root}>, neither Moodle XML (<quiz>) nor a QTI assessmentItem`,
    );
  return bacaGift(text);
}
