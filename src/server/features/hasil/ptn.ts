/** University-choice status and the Sync that rebuilds missing score summaries (spec §7 /hasilptn,
 * /generatehasilmapel; DESIGN.md "Rankings"). */
import type { Db } from '../../db/createDb';
import { packageTotal } from '../../domain/ranking';
import { ptnOutcome, type PtnChoice } from '../../domain/ptn';
import type { Siswa } from '../../plugins/auth';
import { writeHasilMapel } from '../../scoring/hasilMapel';
import { calibrateJadwal, calibrationIsCurrent, scoreFromStoredItems } from '../../scoring/irtScoring';
import { akhiriJadwalBerakhir } from '../../scoring/jadwalBerakhir';
import { hasFinishedPackage, pilihanSiswa, rankPackage, type Pilihan } from '../../scoring/skorPaket';
import { barisHasil, segarkanHasil } from './nilai';
import { gagal } from '../../lib/respons';
import { PESAN, findJadwalOf, hasilKategoriSiswa } from './queries';

export const PESAN_SYNC = {
  dibuat: 'Rekapitulasi nilai per mapel berhasil dibuat',
  lengkap: 'Rekapitulasi nilai per mapel sudah lengkap',
} as const;

/** `/siswa/tryout/hasilptn`: the package score and the status of each university choice. */
export async function statusPtn(db: Db, input: { siswa: Siswa; idJadwal: number; now: number }) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  if (!(await hasFinishedPackage(db, siswa.id, jadwal.id))) {
    return gagal(PESAN.paketBelumSelesai);
  }
  await segarkanHasil(db, [jadwal.id], input.now);
  const hasil = await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id });
  // A summary missing for any subject makes the score meaningless: the client offers Sync instead.
  if (hasil.some((h) => h.mapel.length < h.jumlah_mapel)) {
    return gagal(PESAN.rekapTidakAda);
  }
  const rows = hasil.flatMap((h) => h.mapel);
  const skor = packageTotal(rows.map((r) => r.nilai)) ?? 0;

  const choices: (PtnChoice & Pilihan)[] = [];
  for (const pilihan of await pilihanSiswa(db, siswa.id)) {
    const ranking = await rankPackage(db, jadwal.id, pilihan.id_prodi);
    const rank = ranking.find((r) => r.id_siswa === siswa.id)?.peringkat ?? 0;
    choices.push({ ...pilihan, rank });
  }
  const outcome = ptnOutcome(skor, choices);
  return {
    status: true as const,
    content: {
      my_ptn: { hasil: outcome.hasil, hasil_str: outcome.hasil_str, skor },
      list_pilihan: choices.map((choice, index) => ({
        num_option: choice.num_option,
        jenjang: choice.jenjang,
        jurusan: choice.jurusan,
        universitas: choice.universitas,
        rank_jurusan: choice.rank,
        grade: choice.grade,
        status: outcome.choices[index].status,
        status_str: outcome.choices[index].status_str,
      })),
      mapel: barisHasil(rows),
      paket: jadwal.paket,
    },
  };
}

/** `/siswa/tryout/generatehasilmapel` (Sync): writes missing subject rows; calibrates an event only when needed. */
export async function syncHasilMapel(db: Db, input: { siswa: Siswa; idJadwal: number; now: number }) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  // Attempts still running in a closed window end first, so Sync writes their rows too.
  await akhiriJadwalBerakhir(db, { idJadwal: jadwal.id }, input.now);
  const ended = await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id });
  if (ended.length === 0) return gagal(PESAN.belumDikerjakan);
  const missing = ended.filter((h) => h.mapel.length < h.jumlah_mapel);
  for (const h of missing) await writeHasilMapel(db, h.id_hasil_to);
  if (jadwal.is_event === 1) {
    // A calibration that no attempt has ended since stands: the rebuilt rows are scored from its stored items.
    if (await calibrationIsCurrent(db, jadwal.id))
      await scoreFromStoredItems(
        db,
        missing.map((h) => ({ id: h.id_hasil_to, id_kategori: h.id_kategori })),
      );
    else await calibrateJadwal(db, jadwal.id, input.now);
  }
  return { status: true as const, message: missing.length > 0 ? PESAN_SYNC.dibuat : PESAN_SYNC.lengkap };
}
