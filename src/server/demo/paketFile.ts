/**
 * The demo packages are operator package files (`paket/`), loaded through the operator's package import like any
 * institution's, so the format is exercised on every start. What a package file does not hold, the simulated
 * participants' model of each question, is in `simulasi/` under the same file name.
 */
import type { PaketFile } from '../operator/paketFormat';
import { DAY, type JadwalDef } from './catalog';
import { bacaDataDemo, demoDataPath } from './dataFile';

/** The file name of a demo package, in `paket/` and in `simulasi/`. */
function namaFile(def: JadwalDef): string {
  return `paket-${String(def.paket).padStart(2, '0')}.json`;
}

export function paketFilePath(def: JadwalDef): string {
  return demoDataPath('paket', namaFile(def));
}

/** The demo package file as stored, its schedule moved around `now` (the days of the catalog). */
export function bacaPaketSeed(def: JadwalDef, now: number): PaketFile {
  const file = bacaDataDemo<PaketFile>('paket', namaFile(def));
  return {
    ...file,
    jadwal: {
      ...file.jadwal,
      tgl_awal: new Date(now + def.mulai * DAY).toISOString(),
      tgl_akhir: new Date(now + def.akhir * DAY).toISOString(),
    },
  };
}

/** How a simulated participant meets one question. */
export interface SimulasiSoal {
  /** Rasch difficulty (logits), used only to simulate participants' answers. */
  kesulitan: number;
  /** Types 2 and 5: the plausible wrong answers a participant may type. */
  jawaban_salah?: string[];
}

/** Per subject name, one entry per question in the package file's order. */
export type SimulasiPaket = Record<string, SimulasiSoal[]>;

export function bacaSimulasi(def: JadwalDef): SimulasiPaket {
  return bacaDataDemo<SimulasiPaket>('simulasi', namaFile(def));
}
