/**
 * Question HTML drawn into a pdfkit document: text in the standard Helvetica faces, math typeset as vector paths
 * (mathSvg), images from their bytes (PNG/JPEG as image objects, SVG as paths), laid out by lineLayout and broken
 * across pages line by line. The images' bytes are loaded beforehand (pdf/data.ts): no I/O here.
 */
import SVGtoPDF from 'svg-to-pdfkit';
import { bytesDataUri } from '../konten/dataUri';
import { jenisGambar } from '../konten/jenisGambar';
import { layoutLines, type Box, type Line, type Measure } from './lineLayout';
import { mathSvg, type MathSvg } from './mathSvg';
import { richRuns, textRun, type Run, type TextStyle } from './richRuns';
import { toWinAnsi } from './text';

/** Image bytes by the `src` a question uses (`/konten/<sha256>`). */
export type GambarPdf = ReadonlyMap<string, { contentType: string; bytes: Buffer }>;

export { richRuns, textRun, type Run };

// The four standard Helvetica faces share these metrics (their AFM files), in 1/1000 of the font size.
const ASCENDER = 718;
const DESCENDER = 207;
const LINE_GAP = 231;
/** CSS pixels to points: an image keeps the size it has on a 96 dpi screen unless the column is narrower. */
const PX = 0.75;

function face(style: TextStyle): string {
  if (style.bold && style.italic) return 'Helvetica-BoldOblique';
  if (style.bold) return 'Helvetica-Bold';
  if (style.italic) return 'Helvetica-Oblique';
  return 'Helvetica';
}

/** pdfkit's image opener (missing from its type definitions): reads a PNG or JPEG and gives its pixel size. */
interface PdfImage {
  width: number;
  height: number;
}
type WithOpenImage = PDFKit.PDFDocument & { openImage(src: Buffer): PdfImage };

type Drawable =
  | { kind: 'raster'; image: PdfImage; width: number; height: number }
  | { kind: 'svg'; svg: string; width: number; height: number };

function svgLength(value: string | undefined): number | null {
  const match = /^\s*([0-9.]+)\s*(px|pt)?\s*$/.exec(value ?? '');
  if (!match) return null;
  const n = Number(match[1]);
  return Number.isFinite(n) && n > 0 ? n * (match[2] === 'pt' ? 1 : PX) : null;
}

/** An SVG image's size in points from its root element (width/height, else its viewBox). */
function svgSize(svg: string): { width: number; height: number } | null {
  const root = /<svg\b[^>]*>/i.exec(svg)?.[0] ?? '';
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const box = (attr('viewBox') ?? '').split(/[\s,]+/).map(Number);
  const boxWidth = box.length === 4 && box[2] > 0 ? box[2] * PX : null;
  const boxHeight = box.length === 4 && box[3] > 0 ? box[3] * PX : null;
  const width = svgLength(attr('width')) ?? boxWidth;
  const height = svgLength(attr('height')) ?? boxHeight;
  return width && height ? { width, height } : null;
}

/** Only pictures drawn by the SVG itself: no file, page or other document it names is ever read. */
const SVG_SAFE: Partial<SVGtoPDF.Options> = {
  imageCallback: (link) => (/^data:image\/(png|jpe?g);base64,/i.test(link) ? link : ''),
  documentCallback: () => [],
  warningCallback: () => undefined,
};

export class RichDrawer {
  private readonly drawables = new Map<string, Drawable | null>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly images: GambarPdf,
    private readonly fontSize = 11,
  ) {}

  private bytesOf(src: string): { type: string | null; bytes: Buffer } | null {
    if (/^data:/i.test(src)) {
      const bytes = bytesDataUri(src);
      return bytes ? { type: jenisGambar(bytes), bytes } : null;
    }
    const stored = this.images.get(src);
    return stored ? { type: jenisGambar(stored.bytes) ?? stored.contentType, bytes: stored.bytes } : null;
  }

  private drawable(src: string): Drawable | null {
    if (this.drawables.has(src)) return this.drawables.get(src) ?? null;
    let made: Drawable | null = null;
    const file = this.bytesOf(src);
    try {
      if (file?.type === 'image/png' || file?.type === 'image/jpeg') {
        const image = (this.doc as WithOpenImage).openImage(file.bytes);
        made = { kind: 'raster', image, width: image.width * PX, height: image.height * PX };
      } else if (file?.type === 'image/svg+xml') {
        const svg = file.bytes.toString('utf8');
        const size = svgSize(svg);
        if (size) made = { kind: 'svg', svg, ...size };
      }
    } catch {
      made = null; // bytes that do not decode: the note stands in for them
    }
    this.drawables.set(src, made);
    return made;
  }

  private get pageHeight(): number {
    const { page } = this.doc;
    return page.height - page.margins.top - page.margins.bottom;
  }

  private readonly measure: Measure = {
    textWidth: (text, style) =>
      this.doc.font(face(style)).fontSize(this.fontSize).widthOfString(toWinAnsi(text)),
    textBox: () => ({
      ascent: (ASCENDER / 1000) * this.fontSize,
      descent: (DESCENDER / 1000) * this.fontSize,
    }),
    math: (tex, display) => {
      const typeset = mathSvg(tex, display);
      if (!typeset) return null;
      return {
        width: typeset.width * this.fontSize,
        ascent: typeset.ascent * this.fontSize,
        descent: typeset.depth * this.fontSize,
      };
    },
    image: (src, maxWidth) => {
      const image = this.drawable(src);
      if (!image) return null;
      // Never wider than the column nor taller than most of a page; never enlarged.
      const scale = Math.min(1, maxWidth / image.width, (this.pageHeight * 0.8) / image.height);
      return { width: image.width * scale, ascent: image.height * scale, descent: 0 };
    },
  };

  /** Draws the runs from the current position, `indent` points in from the left margin; moves doc.y below them. */
  draw(runs: Run[], options: { indent?: number } = {}): void {
    const { doc } = this;
    const left = doc.page.margins.left + (options.indent ?? 0);
    const width = doc.page.width - doc.page.margins.right - left;
    const lines = layoutLines(runs, width, this.measure, { paragraphGap: this.fontSize * 0.5 });
    let y = doc.y;
    for (const line of lines) {
      const height = line.ascent + line.descent + (LINE_GAP / 1000) * this.fontSize;
      if (y + height > doc.page.maxY() && y > doc.page.margins.top) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      this.drawLine(line, left, y + line.ascent);
      y += height + line.gapAfter;
    }
    doc.x = doc.page.margins.left;
    doc.y = y;
    // Measuring switched faces: what the document draws next is in the regular face again.
    doc.font('Helvetica').fontSize(this.fontSize);
  }

  /** The HTML of a question, option or discussion, after an optional plain prefix and before a plain suffix. */
  drawHtml(html: string, options: { indent?: number; prefix?: string; suffix?: string } = {}): void {
    const runs = richRuns(html);
    if (options.prefix) runs.unshift(textRun(options.prefix));
    if (options.suffix) runs.push(textRun(options.suffix));
    this.draw(runs, options);
  }

  private drawLine(line: Line, left: number, baseline: number): void {
    const { doc } = this;
    for (const item of line.items) {
      const x = left + item.x;
      if (item.kind === 'text') {
        doc
          .font(face(item.style))
          .fontSize(this.fontSize)
          .text(toWinAnsi(item.text), x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      } else if (item.kind === 'math') {
        const typeset = mathSvg(item.tex, item.display);
        if (typeset) this.drawMath(typeset, x, baseline);
      } else {
        const image = this.drawable(item.src);
        if (image?.kind === 'raster') {
          doc.image(image.image as never, x, baseline - item.box.ascent, {
            width: item.box.width,
            height: item.box.ascent,
          });
        } else if (image?.kind === 'svg') {
          this.drawSvg(image.svg, x, baseline, item.box);
        }
      }
    }
  }

  private drawMath(math: MathSvg, x: number, baseline: number): void {
    const { doc } = this;
    const scale = this.fontSize / 1000;
    if (!math.shapes) {
      const box = {
        width: math.width * this.fontSize,
        ascent: math.ascent * this.fontSize,
        descent: math.depth * this.fontSize,
      };
      return this.drawSvg(math.svg, x, baseline, box);
    }
    doc.save();
    // SVG units (1/1000 em, y down from the viewBox's top-left) onto the page at the formula's box.
    doc.transform(
      scale,
      0,
      0,
      scale,
      x - math.minX * scale,
      baseline - math.ascent * this.fontSize - math.minY * scale,
    );
    for (const shape of math.shapes) {
      doc.save();
      doc.transform(...shape.matrix);
      if (shape.kind === 'path') doc.path(shape.d);
      else doc.rect(shape.x, shape.y, shape.width, shape.height);
      doc.fill('black');
      doc.restore();
    }
    doc.restore();
  }

  private drawSvg(svg: string, x: number, baseline: number, box: Box): void {
    SVGtoPDF(this.doc as never, svg, x, baseline - box.ascent, {
      ...SVG_SAFE,
      width: box.width,
      height: box.ascent + box.descent,
      assumePt: true,
      preserveAspectRatio: 'xMinYMin meet',
    });
  }
}
