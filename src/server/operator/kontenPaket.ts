/**
 * The content of a package's questions made ready for the sheet, after the shape check and before anything is
 * written: embedded images go to the content store (their `<img>` then points at `/konten/<sha256>`), external
 * ones are refused with the question named, TeX is typeset with KaTeX, and the result is cleaned with the strict
 * question-HTML profile (no forms, scripts, embeds, positioning; images only from the store). Pure, no I/O.
 */
import { bersihkanHtmlSoal } from '../konten/bersihHtml';
import { simpanGambarHtml } from '../konten/gambarHtml';
import type { Berkas } from '../konten/kontenStore';
import { typesetTex } from '../konten/tex';
import type { Masalah } from './masalah';
import type { PaketFile, SoalFile } from './paketFormat';
import { masalahDi } from './periksaPaket';

export interface KontenSiap {
  paket: PaketFile;
  berkas: Berkas[];
  masalah: Masalah[];
}

export function siapkanKonten(fileName: string, paket: PaketFile): KontenSiap {
  const berkas: Berkas[] = [];
  const masalah: Masalah[] = [];
  const html = (text: string, pointer: string): string => {
    const gambar = simpanGambarHtml(text);
    const tex = typesetTex(gambar.html);
    berkas.push(...gambar.berkas);
    for (const pesan of [...gambar.salah, ...tex.salah])
      masalah.push(masalahDi(fileName, paket, pointer, pesan));
    return bersihkanHtmlSoal(tex.html);
  };
  const soal = (s: SoalFile, at: string): SoalFile => ({
    ...s,
    soal: html(s.soal, `${at}/soal`),
    ...(s.opsi
      ? {
          opsi: {
            a: html(s.opsi.a, `${at}/opsi/a`),
            b: html(s.opsi.b, `${at}/opsi/b`),
            c: html(s.opsi.c, `${at}/opsi/c`),
            d: html(s.opsi.d, `${at}/opsi/d`),
            ...(s.opsi.e === undefined ? {} : { e: html(s.opsi.e, `${at}/opsi/e`) }),
          },
        }
      : {}),
    ...(s.pembahasan === undefined ? {} : { pembahasan: html(s.pembahasan, `${at}/pembahasan`) }),
    ...(s.pernyataan
      ? {
          pernyataan: s.pernyataan.map((p, i) => ({
            ...p,
            teks: html(p.teks, `${at}/pernyataan/${i}/teks`),
          })),
        }
      : {}),
  });
  const siap: PaketFile = {
    ...paket,
    kategori: paket.kategori.map((k, ki) => ({
      ...k,
      mapel: k.mapel.map((m, mi) => ({
        ...m,
        soal: m.soal.map((s, si) => soal(s, `/kategori/${ki}/mapel/${mi}/soal/${si}`)),
      })),
    })),
  };
  return { paket: siap, berkas, masalah };
}
