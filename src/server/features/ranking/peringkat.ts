/** Package and university-choice rankings (/siswa/tryout/ranking*, /rankingjur; domain/ranking.ts, domain/ptn.ts). */
import { RANKING_JURUSAN_TOP } from '../../../contract/ranking';
import type { Executor } from '../../db/executor';
import type { JadwalRow } from '../../db/jadwal';
import type { Siswa } from '../../db/siswa';
import { hasilTerkunci } from '../../domain/kunciEvent';
import { belumDibuka, berhasil } from '../../lib/respons';
import { daftarDenganTempat, potongDaftar } from '../../scoring/daftarPeringkat';
import { finalkanHasil, tutupJadwalSiswa } from '../../scoring/hasilDihitung';
import {
  jumlahPilihanTersimpan,
  peringkatPilihanTersimpan,
  tempatPilihanTersimpan,
} from '../../scoring/peringkatTersimpan';
import {
  finishedJadwal,
  findJadwalOf,
  pilihanSiswa,
  rankPackage,
  type PeringkatPeserta,
} from '../../scoring/skorPaket';

export const PESAN_RANKING = {
  pilihanTidakAda: 'Data Pilihan Tidak Ditemukan',
} as const;

function myRanking(ranking: readonly PeringkatPeserta[], idSiswa: number) {
  const mine = ranking.find((r) => r.id_siswa === idSiswa);
  return mine ? { peringkat: mine.peringkat, skor: mine.skor } : null;
}

/** The caller's 1-based place in listing order, or null. */
function posisi(ranking: readonly PeringkatPeserta[], idSiswa: number): number | null {
  const index = ranking.findIndex((r) => r.id_siswa === idSiswa);
  return index < 0 ? null : index + 1;
}

/** The table rows; the caller's own row is marked by student id, since ranks and scores can tie. */
function rows(ranking: readonly PeringkatPeserta[], idSiswa: number) {
  return ranking.map(({ id_siswa, peringkat, nama, skor }) => ({
    peringkat,
    nama,
    skor,
    is_me: id_siswa === idSiswa,
  }));
}

/** The packages the student finished, to choose a ranking from. */
export async function daftarPaketRanking(db: Executor, siswa: Siswa, now: number) {
  await tutupJadwalSiswa(db, siswa.id, now);
  const paket = await finishedJadwal(db, siswa.id);
  return berhasil(paket.map((p) => ({ paket: p.paket, codepaket: p.id })));
}

/** One page of a ranking: page `halaman` (1-based) of `perHalaman` rows in listing order. */
export interface HalamanRanking {
  halaman: number;
  perHalaman: number;
}

/** The rows a page skips and holds. */
function potongan(page: HalamanRanking): { offset: number; limit: number } {
  return { offset: (page.halaman - 1) * page.perHalaman, limit: page.perHalaman };
}

/**
 * Every participant who finished the package, by competition rank: stored at the close, computed before it. With
 * `page`, only that page of the list (the count and the caller's place stay whole).
 */
export async function rankingPaket(
  db: Executor,
  input: { siswa: Siswa; idJadwal: number; now: number; page?: HalamanRanking },
) {
  const { siswa, page } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  // A TO Akbar event ranks nobody until it is over (domain/kunciEvent.ts): scores would tell the keys.
  const terkunci = hasilTerkunci(jadwal, input.now);
  if (terkunci) return belumDibuka(terkunci);
  const stored = await finalkanHasil(db, jadwal, input.now);
  if (stored) {
    // A closed schedule: the list built once and sliced for each caller (scoring/daftarPeringkat.ts); a page costs
    // the same at any depth and any size of event.
    const { daftar, tempat } = await daftarDenganTempat(db, jadwal.id, siswa.id, input.now);
    const jumlah = daftar.rowAt.length;
    const dari = page ? (page.halaman - 1) * page.perHalaman + 1 : 1;
    const sampai = page ? dari + page.perHalaman - 1 : jumlah;
    const myRangking = tempat ? `{"peringkat":${tempat.peringkat},"skor":${tempat.skor}}` : 'null';
    const posisiSaya = page ? `,"posisi_saya":${tempat?.urutan ?? 'null'}` : '';
    return `{"status":true,"content":{"my_rangking":${myRangking},"list_rangking":${potongDaftar(daftar, tempat?.urutan ?? null, dari, sampai)},"jumlah_peserta":${jumlah}${posisiSaya}}}`;
  }
  const ranking = await rankPackage(db, jadwal.id);
  const content = {
    my_rangking: myRanking(ranking, siswa.id),
    list_rangking: rows(ranking, siswa.id),
    jumlah_peserta: ranking.length,
  };
  if (!page) return berhasil(content);
  const { offset, limit } = potongan(page);
  return berhasil({
    ...content,
    list_rangking: content.list_rangking.slice(offset, offset + limit),
    posisi_saya: posisi(ranking, siswa.id),
  });
}

/** A part of a programme's ranking: the rows asked for, the caller's place, and (paged) the count. */
interface BagianPilihan {
  top: PeringkatPeserta[];
  mine: { peringkat: number; skor: number } | null;
  halaman?: { jumlah_peserta: number; posisi_saya: number | null };
}

async function bagianPilihan(
  db: Executor,
  input: { jadwal: JadwalRow; idProdi: number; idSiswa: number; now: number; page?: HalamanRanking },
): Promise<BagianPilihan> {
  const { jadwal, idProdi, idSiswa, page } = input;
  const { offset, limit } = page ? potongan(page) : { offset: 0, limit: RANKING_JURUSAN_TOP };
  if (await finalkanHasil(db, jadwal, input.now)) {
    const top = await peringkatPilihanTersimpan(db, jadwal.id, idProdi, limit, offset);
    const tempat = await tempatPilihanTersimpan(db, jadwal.id, idProdi, idSiswa);
    const mine = tempat ? { peringkat: tempat.peringkat, skor: tempat.skor } : null;
    if (!page) return { top, mine };
    const jumlah_peserta = await jumlahPilihanTersimpan(db, jadwal.id, idProdi);
    return { top, mine, halaman: { jumlah_peserta, posisi_saya: tempat?.urutan ?? null } };
  }
  const ranking = await rankPackage(db, jadwal.id, idProdi);
  const top = ranking.slice(offset, offset + limit);
  const mine = myRanking(ranking, idSiswa);
  if (!page) return { top, mine };
  return { top, mine, halaman: { jumlah_peserta: ranking.length, posisi_saya: posisi(ranking, idSiswa) } };
}

/**
 * The participants who chose the same programme as the student's choice `numOption`: the top of the list, or with
 * `page` that page of it.
 */
export async function rankingJurusan(
  db: Executor,
  input: { siswa: Siswa; idJadwal: number; numOption: number; now: number; page?: HalamanRanking },
) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  const terkunci = hasilTerkunci(jadwal, input.now);
  if (terkunci) return belumDibuka(terkunci);
  const [pilihan] = await pilihanSiswa(db, siswa.id, input.numOption);
  if (!pilihan) return { status: false as const, message: PESAN_RANKING.pilihanTidakAda };
  const { top, mine, halaman } = await bagianPilihan(db, {
    jadwal,
    idProdi: pilihan.id_prodi,
    idSiswa: siswa.id,
    now: input.now,
    page: input.page,
  });
  return berhasil({
    data_tryout: { paket: jadwal.paket },
    option_student: {
      num_option: pilihan.num_option,
      jenjang: pilihan.jenjang,
      jurusan: pilihan.jurusan,
      universitas: pilihan.universitas,
      grade: pilihan.grade,
    },
    list_rangking: rows(top, siswa.id),
    my_rangking: mine,
    ...halaman,
  });
}
