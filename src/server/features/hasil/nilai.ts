/** Result list, category details and package scores (/siswa/tryout/hasil*, /hasilskor). */
import type { HasilMapel, SkorPaketItem, SkorPaketTerkunci } from '../../../contract/hasil';
import type { Executor } from '../../db/executor';
import { meanOf, packageTotal, round2 } from '../../domain/ranking';
import { persentaseSeperNilai } from '../../domain/scoring';
import { formatTanggalSaja } from '../../domain/tanggal';
import { hasilTerkunci } from '../../domain/kunciEvent';
import { belumDibuka, berhasil, gagal } from '../../lib/respons';
import type { Siswa } from '../../db/siswa';
import { finalkanHasil, jadwalDihitungSiswa, type ProgresPenutupan } from '../../scoring/hasilDihitung';
import { rataRataKategoriTersimpan } from '../../scoring/peringkatTersimpan';
import { finishedJadwal, rataRataKategori } from '../../scoring/skorPaket';
import {
  PESAN,
  findJadwalOf,
  findKategori,
  hasilKategoriSiswa,
  jenisPaket,
  type BarisMapel,
} from './queries';

export function barisHasil(rows: readonly BarisMapel[]): HasilMapel[] {
  return rows.map(({ mapel, benar, salah, kosong, nilai }) => ({ mapel, benar, salah, kosong, nilai }));
}

/** Mean of the subject scores, 2 decimals (0 without rows). */
export function rataRataNilai(rows: readonly BarisMapel[]): number {
  return packageTotal(rows.map((r) => r.nilai)) ?? 0;
}

/**
 * Makes the results of some schedules final before they are read: a schedule whose window is over is closed once
 * (attempts still running ended, an event calibrated, results stored: scoring/penutupan.ts).
 */
export async function segarkanHasil(db: Executor, jadwalIds: Iterable<number>, now: number): Promise<void> {
  for (const id of new Set(jadwalIds)) await finalkanHasil(db, id, now);
}

/** Every participant's mean per category: stored at the close, computed for a schedule still open. */
async function rataRataSemuaPeserta(db: Executor, kategoriIds: number[]): Promise<Map<number, number>> {
  const stored = await rataRataKategoriTersimpan(db, kategoriIds);
  const open = kategoriIds.filter((id) => !stored.has(id));
  return new Map([...stored, ...(await rataRataKategori(db, open))]);
}

/** What a list shows of a schedule whose close runs: the sentence, the progress, and when to ask again. */
export const PESAN_DIHITUNG = 'Hasil sedang dihitung';

function dihitung(progres: ProgresPenutupan) {
  return {
    terkunci: PESAN_DIHITUNG,
    dihitung: { dinilai: progres.dinilai, jumlah: progres.jumlah, coba_lagi_detik: progres.cobaLagiDetik },
  };
}

/**
 * The student's ended categories once the closed events' scores are current (calibration may change them, so they
 * are read after it), and the schedules of theirs still being closed (the list shows those as waiting, with their
 * progress, and the others' results meanwhile).
 */
async function hasilTerkini(db: Executor, siswa: Siswa, now: number) {
  const ditutup = await jadwalDihitungSiswa(db, siswa.id, now);
  const ended = await hasilKategoriSiswa(db, siswa.id);
  await segarkanHasil(
    db,
    ended.filter((h) => h.is_event === 1 && !ditutup.has(h.id_jadwal)).map((h) => h.id_jadwal),
    now,
  );
  // The attempts of a schedule being closed are listed (as waiting) even when its close has not ended them yet.
  return { hasil: await hasilKategoriSiswa(db, siswa.id, { jugaBerjalan: [...ditutup.keys()] }), ditutup };
}

/**
 * `/siswa/tryout/hasil`: the student's ended categories with their scores and every participant's mean. A category
 * of a TO Akbar event still running is listed without any figure, with the sentence saying when it opens.
 */
export async function daftarHasil(db: Executor, siswa: Siswa, now: number) {
  const terkini = await hasilTerkini(db, siswa, now);
  const { ditutup } = terkini;
  const hasil = terkini.hasil.filter((h) => h.mapel.length > 0 || ditutup.has(h.id_jadwal));
  const terbuka = hasil.filter((h) => !hasilTerkunci(h, now) && !ditutup.has(h.id_jadwal));
  const rataRata = await rataRataSemuaPeserta(
    db,
    terbuka.map((h) => h.id_kategori),
  );
  return berhasil(
    hasil.map((h) => {
      const dasar = {
        paket: h.paket,
        type: jenisPaket(h.is_event),
        date: formatTanggalSaja(h.ended_at),
        idjadwal: h.id_jadwal,
        kategori: h.kategori,
        kategoriHash: h.kategoriHash,
      };
      const terkunci = hasilTerkunci(h, now);
      if (terkunci) return { ...dasar, terkunci: terkunci.message };
      const progres = ditutup.get(h.id_jadwal);
      if (progres) return { ...dasar, ...dihitung(progres) };
      return {
        ...dasar,
        persentase: round2(meanOf(h.mapel.map((m) => persentaseSeperNilai(m.persentase))) ?? 0),
        nilai: rataRataNilai(h.mapel),
        rata_rata: round2(rataRata.get(h.id_kategori) ?? 0),
      };
    }),
  );
}

/** `/siswa/tryout/hasil/id/:id/kategori/:kategori`: one ended category's subject rows. */
export async function hasilKategori(
  db: Executor,
  input: { siswa: Siswa; idJadwal: number; hash: string; now: number },
) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  const terkunci = hasilTerkunci(jadwal, input.now);
  if (terkunci) return belumDibuka(terkunci);
  const kategori = await findKategori(db, jadwal.id, input.hash);
  await segarkanHasil(db, [jadwal.id], input.now);
  const [hasil] = await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id, idKategori: kategori.id });
  if (!hasil || hasil.mapel.length === 0) return gagal(PESAN.detailTidakAda);
  return berhasil({
    paket: jadwal.paket,
    kategori: kategori.nama,
    nama: siswa.nama_lengkap,
    minat: siswa.minat,
    detail: barisHasil(hasil.mapel),
    rata_rata: rataRataNilai(hasil.mapel),
  });
}

/** `/siswa/tryout/hasil/id/:id`: every ended category of one schedule. */
export async function hasilJadwal(db: Executor, input: { siswa: Siswa; idJadwal: number; now: number }) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  const terkunci = hasilTerkunci(jadwal, input.now);
  if (terkunci) return belumDibuka(terkunci);
  await segarkanHasil(db, [jadwal.id], input.now);
  const hasil = (await hasilKategoriSiswa(db, siswa.id, { idJadwal: jadwal.id })).filter(
    (h) => h.mapel.length > 0,
  );
  if (hasil.length === 0) return gagal(PESAN.detailTidakAda);
  return berhasil({
    paket: jadwal.paket,
    kategori: hasil.map((h) => ({
      kategori: h.kategori,
      kategoriHash: h.kategoriHash,
      detail: barisHasil(h.mapel),
      rata_rata: rataRataNilai(h.mapel),
    })),
  });
}

/** `/siswa/tryout/hasilskor`: the total of every finished package (none yet for an event still running). */
export async function hasilSkor(db: Executor, siswa: Siswa, now: number) {
  const { hasil, ditutup } = await hasilTerkini(db, siswa, now);
  const paket = await finishedJadwal(db, siswa.id);
  const content = paket.flatMap((p): (SkorPaketItem | SkorPaketTerkunci)[] => {
    const rows = hasil.filter((h) => h.id_jadwal === p.id).flatMap((h) => h.mapel);
    const skor = packageTotal(rows.map((r) => r.nilai));
    if (skor === null) return [];
    const dasar = {
      id: p.id,
      paket: p.paket,
      tgl_selesai: formatTanggalSaja(p.tgl_selesai),
      type: jenisPaket(p.is_event),
    };
    // A TO Akbar event still running: the package is listed, its score is not.
    const terkunci = hasilTerkunci(p, now);
    if (terkunci) return [{ ...dasar, terkunci: terkunci.message }];
    const progres = ditutup.get(p.id);
    return [progres ? { ...dasar, ...dihitung(progres) } : { ...dasar, skor }];
  });
  return berhasil(content);
}
