/**
 * What a reader of a pdfkit PDF would find in it: the text its content streams show (standard fonts, WinAnsi hex
 * strings) and how many filled vector paths and image objects it draws. Streams are inflated with zlib.
 */
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const latin = pdf.toString('latin1');
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(latin); match; match = pattern.exec(latin)) {
    const start = match.index + match[0].length;
    const end = latin.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    try {
      out.push((/\/FlateDecode/.test(match[1]) ? inflateSync(raw) : raw).toString('latin1'));
    } catch {
      out.push(''); // an image's own bytes, not a content stream
    }
  }
  return out;
}

/** The text the PDF shows, one TJ operation per space-separated piece. */
export function pdfShownText(pdf: Buffer): string {
  const pieces: string[] = [];
  for (const content of streams(pdf)) {
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      pieces.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return pieces.join(' ');
}

/** Filled path operations (`f`, `f*`, `B`) in the page content: what typeset math is drawn with. */
export function pdfFilledPaths(pdf: Buffer): number {
  return streams(pdf).reduce((n, content) => n + (content.match(/(^|\s)(f\*?|B\*?)(?=\s)/g)?.length ?? 0), 0);
}

/** Image XObjects embedded in the PDF. */
export function pdfImages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Subtype\s*\/Image/g)?.length ?? 0;
}
