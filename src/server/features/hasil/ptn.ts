/** University-choice status and the Sync that rebuilds missing score summaries (/hasilptn,
 * /generatehasilmapel; domain/ranking.ts, domain/ptn.ts). */
import type { Executor } from '../../db/executor';
import { packageTotal } from '../../domain/ranking';
import { ptnOutcome, type PtnChoice } from '../../domain/ptn';
import type { Siswa } from '../../db/siswa';
import { writeHasilMapel } from '../../scoring/hasilMapel';
import { calibrateJadwal, calibrationIsCurrent, scoreFromStoredItems } from '../../scoring/irtScoring';
import { akhiriJadwalBerakhir } from '../../scoring/jadwalBerakhir';
import { hasilTersimpan, simpanPeringkat } from '../../scoring/penutupan';
import { finalkanHasil } from '../../scoring/hasilDihitung';
import { rankPilihanSiswaTersimpan } from '../../scoring/peringkatTersimpan';
import { hasFinishedPackage, pilihanSiswa, rankPackage, type Pilihan } from '../../scoring/skorPaket';
import { barisHasil } from './nilai';
import { hasilTerkunci } from '../../domain/kunciEvent';
import { belumDibuka, berhasil, gagal } from '../../lib/respons';
import { PESAN, findJadwalOf, hasilKategoriSiswa } from './queries';

export const PESAN_SYNC = {
  dibuat: 'Rekapitulasi nilai per mapel berhasil dibuat',
  lengkap: 'Rekapitulasi nilai per mapel sudah lengkap',
} as const;

/** `/siswa/tryout/hasilptn`: the package score and the status of each university choice. */
export async function statusPtn(db: Executor, input: { siswa: Siswa; idJadwal: number; now: number }) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  // A TO Akbar event's score, ranks and pass/fail stay on the server until it is over (domain/kunciEvent.ts).
  const terkunci = hasilTerkunci(jadwal, input.now);
  if (terkunci) return belumDibuka(terkunci);
  if (!(await hasFinishedPackage(db, siswa.id, jadwal.id))) {
    return gagal(PESAN.paketBelumSelesai);
  }
  const tersimpan = await finalkanHasil(db, jadwal, input.now);
  const hasil = await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id });
  // A summary missing for any subject makes the score meaningless: the client offers Sync instead.
  if (hasil.some((h) => h.mapel.length < h.jumlah_mapel)) {
    return gagal(PESAN.rekapTidakAda);
  }
  const rows = hasil.flatMap((h) => h.mapel);
  const skor = packageTotal(rows.map((r) => r.nilai)) ?? 0;

  // The choice ranks: stored at the close; before it, each programme's ranking computed.
  const storedRank = tersimpan ? await rankPilihanSiswaTersimpan(db, jadwal.id, siswa.id) : null;
  const choices: (PtnChoice & Pilihan)[] = [];
  for (const pilihan of await pilihanSiswa(db, siswa.id)) {
    const rank = storedRank
      ? (storedRank.get(pilihan.id_prodi) ?? 0)
      : ((await rankPackage(db, jadwal.id, pilihan.id_prodi)).find((r) => r.id_siswa === siswa.id)
          ?.peringkat ?? 0);
    choices.push({ ...pilihan, rank });
  }
  const outcome = ptnOutcome(skor, choices);
  return berhasil({
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
  });
}

/** `/siswa/tryout/generatehasilmapel` (Sync): writes missing subject rows; calibrates an event only when needed. */
export async function syncHasilMapel(db: Executor, input: { siswa: Siswa; idJadwal: number; now: number }) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  // Attempts still running in a closed window end first, so Sync writes their rows too.
  await akhiriJadwalBerakhir(db, { idJadwal: jadwal.id }, input.now);
  const ended = await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id });
  if (ended.length === 0) return gagal(PESAN.belumDikerjakan);
  const missing = ended.filter((h) => h.mapel.length < h.jumlah_mapel);
  for (const h of missing) await writeHasilMapel(db, h.id_hasil_to);
  let calibrated = false;
  if (jadwal.is_event === 1) {
    // A calibration that no attempt has ended since stands: the rebuilt rows are scored from its stored items.
    if (await calibrationIsCurrent(db, jadwal.id))
      await scoreFromStoredItems(
        db,
        missing.map((h) => ({ id: h.id_hasil_to, id_kategori: h.id_kategori })),
      );
    else calibrated = (await calibrateJadwal(db, jadwal.id, input.now)).calibrated_at !== null;
  }
  // Scores changed after the close: its stored ranks and statuses are written again from them.
  if ((missing.length > 0 || calibrated) && hasilTersimpan(jadwal))
    await simpanPeringkat(db, jadwal.id, input.now);
  return { status: true as const, message: missing.length > 0 ? PESAN_SYNC.dibuat : PESAN_SYNC.lengkap };
}
