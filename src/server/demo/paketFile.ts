/**
 * The demo packages as the operator's package files (the seed is loaded through the same import path).
 * The files in `paket/` are written from the question generators by `npm run seed -- --write-packages`; the seed
 * reads them back and imports them, so the format is exercised on every start. A test keeps files and generators
 * in step.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaketFile, SoalFile } from '../operator/paketFormat';
import { DAY, KATEGORI, opsiPaket, type JadwalDef } from './catalog';
import type { SoalDraft } from './questions/draft';

/** The day the files' dates are written around; the seed moves them around its own `now`. */
export const TANGGAL_ACUAN = Date.UTC(2025, 3, 21, 1, 0, 0);

/** The demo accounts enrolled in each kind of package (synthetic participants are enrolled by the seed). */
const PESERTA_DEMO = { reguler: ['reguler', 'tutor', 'umum'], event: ['akbar'] };

function soalFile(draft: SoalDraft): SoalFile {
  const common = { type: draft.type, soal: draft.soal, pembahasan: draft.pembahasan };
  if (draft.type === 1) {
    const [a, b, c, d, e] = draft.options;
    return { ...common, opsi: { a, b, c, d, ...(e === '' ? {} : { e }) }, kunci: draft.kunci };
  }
  if (draft.type === 3) {
    return {
      ...common,
      group_text_type: draft.groupTextType ?? 1,
      pernyataan: draft.groups.map((g) => ({ teks: g.pernyataan, kunci: g.kunci })),
    };
  }
  return { ...common, kunci: draft.kunci };
}

/** The package file of one demo schedule, its dates placed around `now`. */
export function paketFileSeed(
  def: JadwalDef,
  perMapel: readonly SoalDraft[][],
  now = TANGGAL_ACUAN,
): PaketFile {
  let mi = 0;
  return {
    $schema: '../../../operator/paket.schema.json',
    paket: def.paket,
    nama: def.nama,
    jumlah_opsi: opsiPaket(def.isEvent),
    kategori: KATEGORI.map((k) => ({
      nama: k.nama,
      mapel: k.mapel.map((m) => ({
        nama: m.nama,
        waktu: def.isEvent ? m.menitEvent : m.menitReguler,
        soal: perMapel[mi++].map(soalFile),
      })),
    })),
    jadwal: {
      tgl_awal: new Date(now + def.mulai * DAY).toISOString(),
      tgl_akhir: new Date(now + def.akhir * DAY).toISOString(),
      is_event: def.isEvent,
      peserta: { username: def.isEvent ? PESERTA_DEMO.event : PESERTA_DEMO.reguler },
    },
  };
}

/** The repository's root, from src/ (tsx, ts-jest) and from the built dist/node/ alike. */
function repoRoot(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`package.json not found above ${__dirname}`);
  }
}

export function paketFilePath(def: JadwalDef): string {
  return path.join(repoRoot(), 'src/server/demo/paket', `paket-${String(def.paket).padStart(2, '0')}.json`);
}

/** The demo package file as stored, its schedule moved around `now` (the days of the catalog). */
export function bacaPaketSeed(def: JadwalDef, now: number): PaketFile {
  const file = JSON.parse(readFileSync(paketFilePath(def), 'utf8')) as PaketFile;
  return {
    ...file,
    jadwal: {
      ...file.jadwal,
      tgl_awal: new Date(now + def.mulai * DAY).toISOString(),
      tgl_akhir: new Date(now + def.akhir * DAY).toISOString(),
    },
  };
}
