/**
 * A schedule's results as the operator sees them: every participant's ranking and PTN status, computed with the
 * same shared code the students' pages use (ranks, choices, ptnOutcome), so the files and the screens agree.
 */
import type { Executor } from '../db/executor';
import { findJadwal, type JadwalRow } from '../db/jadwal';
import { ptnOutcome, type PtnOutcome } from '../domain/ptn';
import { rankPilihan } from '../scoring/penutupan';
import { peringkatPaketTersimpan, rankPilihanTersimpan } from '../scoring/peringkatTersimpan';
import { pilihanPeserta, rankPackage, type PeringkatPeserta } from '../scoring/skorPaket';

export class JadwalTidakAda extends Error {
  constructor(idJadwal: number) {
    super(`there is no schedule with id ${idJadwal}`);
  }
}

export async function cariJadwal(db: Executor, idJadwal: number): Promise<JadwalRow> {
  const jadwal = await findJadwal(db, idJadwal);
  if (!jadwal) throw new JadwalTidakAda(idJadwal);
  return jadwal;
}

export interface HasilPeserta extends PeringkatPeserta {
  /** Null when the student made no university choice. */
  ptn: PtnOutcome | null;
}

/**
 * Every finished participant with total, competition rank and PTN status, best first: the rows stored at the close
 * when `tersimpan` (scoring/penutupan.ts), computed otherwise — with the same rules either way.
 */
export async function hasilPeserta(
  db: Executor,
  idJadwal: number,
  tersimpan: boolean,
): Promise<HasilPeserta[]> {
  const ranking = tersimpan ? await peringkatPaketTersimpan(db, idJadwal) : await rankPackage(db, idJadwal);
  const pilihan = await pilihanPeserta(db, idJadwal);
  const ranks = tersimpan
    ? await rankPilihanTersimpan(db, idJadwal)
    : new Map(
        rankPilihan(ranking, [...pilihan.values()].flat()).map((p) => [
          p.id_prodi,
          new Map(p.peringkat.map((r) => [r.id_siswa, r.peringkat])),
        ]),
      );
  return ranking.map((peserta) => {
    const choices = (pilihan.get(peserta.id_siswa) ?? []).map((p) => ({
      ...p,
      rank: ranks.get(p.id_prodi)?.get(peserta.id_siswa) ?? 0,
    }));
    return { ...peserta, ptn: choices.length === 0 ? null : ptnOutcome(peserta.skor, choices) };
  });
}
