/**
 * A schedule's results as the operator sees them: every participant's ranking and PTN status, computed with the
 * same shared code the students' pages use (ranks, choices, ptnOutcome), so the files and the screens agree.
 */
import type { Db } from '../db/createDb';
import { ptnOutcome, type PtnOutcome } from '../domain/ptn';
import { pilihanSiswa, rankPackage, type PeringkatPeserta } from '../scoring/skorPaket';

export interface JadwalOperator {
  id: number;
  paket: number;
  nama: string;
  tgl_awal: number;
  tgl_akhir: number;
  is_event: number;
}

export class JadwalTidakAda extends Error {
  constructor(idJadwal: number) {
    super(`there is no schedule with id ${idJadwal}`);
  }
}

export async function cariJadwal(db: Db, idJadwal: number): Promise<JadwalOperator> {
  const jadwal = await db.kysely
    .selectFrom('jadwal')
    .select(['id', 'paket', 'nama', 'tgl_awal', 'tgl_akhir', 'is_event'])
    .where('id', '=', idJadwal)
    .executeTakeFirst();
  if (!jadwal) throw new JadwalTidakAda(idJadwal);
  return { ...jadwal, tgl_awal: Number(jadwal.tgl_awal), tgl_akhir: Number(jadwal.tgl_akhir) };
}

export interface HasilPeserta extends PeringkatPeserta {
  /** Null when the student made no university choice. */
  ptn: PtnOutcome | null;
}

/** Every finished participant with total, competition rank and PTN status, best first. */
export async function hasilPeserta(db: Db, idJadwal: number): Promise<HasilPeserta[]> {
  const ranking = await rankPackage(db, idJadwal);
  const byProdi = new Map<number, Map<number, number>>();
  const rankIn = async (idProdi: number, idSiswa: number) => {
    let ranks = byProdi.get(idProdi);
    if (!ranks) {
      ranks = new Map((await rankPackage(db, idJadwal, idProdi)).map((r) => [r.id_siswa, r.peringkat]));
      byProdi.set(idProdi, ranks);
    }
    return ranks.get(idSiswa) ?? 0;
  };
  const out: HasilPeserta[] = [];
  for (const peserta of ranking) {
    const pilihan = await pilihanSiswa(db, peserta.id_siswa);
    const choices = [];
    for (const p of pilihan) choices.push({ ...p, rank: await rankIn(p.id_prodi, peserta.id_siswa) });
    out.push({ ...peserta, ptn: choices.length === 0 ? null : ptnOutcome(peserta.skor, choices) });
  }
  return out;
}
