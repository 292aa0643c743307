/**
 * The images of a question's HTML moved into the content store: an embedded `data:` image is stored by its hash
 * and the `<img>` points at `/konten/<sha256>`; an image of another site is refused (the sheet would load it from
 * there, or fail to, during the exam). An SVG is stored cleaned (bersihHtml.ts: no script, event handler or outside
 * reference), so it is safe however it is opened, not only through the store's response header. Pure, no I/O: the
 * caller stores the files.
 */
import { bersihkanSvg } from './bersihHtml';
import { bytesDataUri } from './dataUri';
import { jenisGambar } from './jenisGambar';
import { alamatKonten, berkas, type Berkas, KONTEN_PREFIX } from './kontenStore';

const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)("([^"]*)"|'([^']*)')/gi;

export interface GambarHasil {
  html: string;
  berkas: Berkas[];
  salah: string[];
}

const singkat = (src: string) => (src.length > 60 ? `${src.slice(0, 57)}...` : src);

export function simpanGambarHtml(html: string): GambarHasil {
  const files: Berkas[] = [];
  const salah: string[] = [];
  const out = html.replace(IMG_SRC, (whole, head: string, _quoted, double?: string, single?: string) => {
    const src = (double ?? single ?? '').trim();
    if (src.startsWith(KONTEN_PREFIX)) return whole;
    if (/^data:/i.test(src)) {
      const bytes = bytesDataUri(src);
      const type = bytes && bytes.length > 0 ? jenisGambar(bytes) : null;
      if (!bytes || !type) {
        salah.push(`an embedded image (${singkat(src)}) is not a PNG, JPEG, GIF, WebP or SVG image`);
        return whole;
      }
      const svg = type === 'image/svg+xml' ? bersihkanSvg(bytes.toString('utf8')) : null;
      if (type === 'image/svg+xml' && svg === null) {
        salah.push(`an embedded SVG image (${singkat(src)}) holds no drawing`);
        return whole;
      }
      const file = berkas(svg === null ? bytes : Buffer.from(svg, 'utf8'), type);
      files.push(file);
      return `${head}"${alamatKonten(file.sha256)}"`;
    }
    if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(src)) {
      salah.push(`the image ${singkat(src)} is on another site; put the file itself into the question file`);
    } else {
      salah.push(`the image "${singkat(src)}" is not in the question file`);
    }
    return whole;
  });
  return { html: out, berkas: files, salah };
}
