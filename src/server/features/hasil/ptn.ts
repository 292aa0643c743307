/** University-choice status and the Sync that rebuilds missing score summaries (spec §7 /hasilptn,
 * /generatehasilmapel; DESIGN.md "Rankings"). */
import { generateHasilMapelCall, hasilPtnCall } from '../../../contract/hasil';
import type { App, FeatureContext } from '../../context';
import { packageTotal } from '../../domain/ranking';
import { ptnOutcome, type PtnChoice } from '../../domain/ptn';
import { requireSelf } from '../../plugins/auth';
import { writeHasilMapel } from '../../scoring/hasilMapel';
import { calibrateJadwal } from '../../scoring/irtScoring';
import { hasFinishedPackage, pilihanSiswa, rankPackage, type Pilihan } from '../../scoring/skorPaket';
import { barisHasil, segarkanIrt } from './nilai';
import { gagal } from '../../lib/respons';
import { PESAN, findJadwalOf, hasilKategoriSiswa } from './queries';

export const PESAN_SYNC = {
  dibuat: 'Rekapitulasi nilai per mapel berhasil dibuat',
  lengkap: 'Rekapitulasi nilai per mapel sudah lengkap',
} as const;

export function ptnRoutes(app: App, { db, now }: FeatureContext): void {
  app.post(hasilPtnCall.path, { schema: hasilPtnCall.schema }, async (request) => {
    const siswa = requireSelf(request, request.body.idsiswa);
    const jadwal = await findJadwalOf(db, siswa.id, request.body.idjadwal);
    if (!(await hasFinishedPackage(db, siswa.id, jadwal.id))) {
      return gagal(PESAN.paketBelumSelesai);
    }
    await segarkanIrt(db, [jadwal.id], now());
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
      status: true,
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
  });

  app.post(generateHasilMapelCall.path, { schema: generateHasilMapelCall.schema }, async (request) => {
    const siswa = requireSelf(request, request.body.idsiswa);
    const jadwal = await findJadwalOf(db, siswa.id, request.body.idjadwal);
    const ended = await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id });
    if (ended.length === 0) return gagal(PESAN.belumDikerjakan);
    const missing = ended.filter((h) => h.mapel.length < h.jumlah_mapel);
    for (const h of missing) await writeHasilMapel(db, h.id_hasil_to);
    if (jadwal.is_event === 1) await calibrateJadwal(db, jadwal.id, now());
    return { status: true, message: missing.length > 0 ? PESAN_SYNC.dibuat : PESAN_SYNC.lengkap };
  });
}
