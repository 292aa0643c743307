/**
 * The phone bench's long sheet (#51): a package of one subject with 100 questions, imported into the bench's own
 * database after the demo data (through the operator's package import, like any institution's package), for the
 * demo student the bench logs in as. The demo data itself stays as it is (10 questions a subject).
 */
import { createDb } from '../server/db/createDb';
import { loadConfig } from '../server/config';
import { bacaDataDemo } from '../server/demo/dataFile';
import { imporPaket } from '../server/operator/imporPaket';
import type { PaketFile } from '../server/operator/paketFormat';

export const LONG_SHEET = { questions: 100, paket: 90, kategori: 'TPS' } as const;
const DAY_MS = 24 * 3600 * 1000;

/** The long package: the demo package #2's multiple-choice questions, repeated to 100, in one subject. */
function longPackage(username: string, now: number): PaketFile {
  const demo = bacaDataDemo<PaketFile>('paket', 'paket-02.json');
  const choices = demo.kategori
    .flatMap((k) => k.mapel.flatMap((m) => m.soal ?? []))
    .filter((s) => s.type === 1);
  const soal = Array.from({ length: LONG_SHEET.questions }, (_, i) => choices[i % choices.length]);
  return {
    paket: LONG_SHEET.paket,
    nama: `Tryout Bench Paket #${LONG_SHEET.paket}`,
    jumlah_opsi: demo.jumlah_opsi,
    kategori: [{ nama: LONG_SHEET.kategori, mapel: [{ nama: 'Penalaran Umum', waktu: 180, soal }] }],
    jadwal: {
      tgl_awal: new Date(now - DAY_MS).toISOString(),
      tgl_akhir: new Date(now + 7 * DAY_MS).toISOString(),
      is_event: false,
      peserta: { username: [username] },
    },
  };
}

/** Imports the long package into the database at `databaseUrl` (the running server's), enrolling `username`. */
export async function seedLongSheet(databaseUrl: string, username: string): Promise<void> {
  const db = await createDb(databaseUrl);
  try {
    const rules = loadConfig({ DATABASE_URL: databaseUrl });
    await imporPaket(db, `paket-${LONG_SHEET.paket}.json`, longPackage(username, Date.now()), rules);
  } finally {
    await db.destroy();
  }
}
