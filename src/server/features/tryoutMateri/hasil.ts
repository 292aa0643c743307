/** Results and discussion of finished topics (/siswa/tryoutmateri/hasil, /pembahasan). */
import type { QuestionType } from '../../../contract/fields';
import type { Executor } from '../../db/executor';
import { judgeAnswer } from '../../domain/scoring';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { tutupJikaHabis } from './percobaan';
import {
  findHasil,
  findMateri,
  listHasilBerjalan,
  listHasilSelesai,
  listSoal,
  mapJawaban,
  type MateriHasil,
  type MateriInfo,
} from './queries';
import { base64, berhasil, gagal, teksSoalBase64 } from '../../lib/respons';
import { PESAN } from './teks';

/** The topic and the student's finished attempt at it (ending it first if its time is over), or null. */
async function hasilSelesai(
  db: Executor,
  idmateri: number,
  idSiswa: number,
  now: number,
): Promise<{ materi: MateriInfo; hasil: MateriHasil | null }> {
  const materi = await findMateri(db, idmateri);
  if (!materi) throw new HttpError(404, PESAN.materiTidakAda);
  const ada = await findHasil(db, materi.id, idSiswa);
  const hasil = ada ? await tutupJikaHabis(db, ada, materi.menit, now) : null;
  return { materi, hasil: hasil?.status === 1 ? hasil : null };
}

/** `hasil`: the student's finished topics (attempts whose time ran out are ended first). */
export async function daftarHasilMateri(db: Executor, siswa: Siswa, now: number) {
  const t = now;
  for (const h of await listHasilBerjalan(db, siswa.id)) await tutupJikaHabis(db, h, h.menit, t);
  const daftar = await listHasilSelesai(db, siswa.id);
  return berhasil(daftar);
}

/** `hasil/materi/:idmateri`: the score of one finished topic. */
export async function hasilMateri(db: Executor, input: { siswa: Siswa; idMateri: number; now: number }) {
  const { materi, hasil } = await hasilSelesai(db, input.idMateri, input.siswa.id, input.now);
  if (!hasil) return gagal(PESAN.dataTidakAda);
  const soal = await listSoal(db, materi.id);
  return berhasil({
    idmateri: materi.id,
    materi: materi.nama,
    mapel: materi.mapel,
    skor: hasil.skor,
    benar: hasil.benar,
    salah: hasil.salah,
    kosong: hasil.kosong,
    jumlah_soal: soal.length,
  });
}

/** `pembahasan/materi/:idmateri`: keys and discussions of a finished topic. */
export async function pembahasanMateri(db: Executor, input: { siswa: Siswa; idMateri: number; now: number }) {
  const { materi, hasil } = await hasilSelesai(db, input.idMateri, input.siswa.id, input.now);
  // Keys and discussions only leave the server once the topic is done.
  if (!hasil) return gagal(PESAN.pembahasanTidakAda);
  const soal = await listSoal(db, materi.id);
  const jawaban = await mapJawaban(db, hasil.id);
  return berhasil({
    materi: materi.nama,
    mapel: materi.mapel,
    soal: soal.map((s) => {
      const dijawab = jawaban.get(s.id) ?? '';
      const benar = judgeAnswer({ type: s.type, jawaban: dijawab, kunci: s.kunci }) === 'benar';
      return {
        id_soal: s.id,
        ...teksSoalBase64(s),
        type: s.type as QuestionType,
        jawaban: dijawab,
        kunci: s.kunci,
        is_benar: benar ? (1 as const) : (0 as const),
        pembahasan: base64(s.pembahasan),
      };
    }),
  });
}
