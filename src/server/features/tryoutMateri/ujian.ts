/** Start, save and end of a per-topic tryout. */
import type { EndMateriBody, SaveAnswerMateriBody } from '../../../contract/tryoutMateri';
import type { QuestionType } from '../../../contract/fields';
import type { Config } from '../../config';
import type { Executor } from '../../db/executor';
import { clampReported, durasiDetik, isPastGrace } from '../../domain/timing';
import { mayTakePermateri } from '../../domain/studentType';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { validasiJawaban } from './jawaban';
import { akhiriPercobaan, tutupJikaHabis, type JawabanBaru } from './percobaan';
import {
  createHasil,
  findHasil,
  findHasilForUpdate,
  findMateri,
  listSoal,
  mapJawaban,
  upsertJawaban,
  writeMateriClock,
  type MateriInfo,
  type MateriSoal,
} from './queries';
import { berhasil, gagal, teksSoalBase64 } from '../../lib/respons';
import { PESAN } from './teks';
import { materiClock } from './waktu';

async function materiAtau404(db: Executor, idmateri: number): Promise<MateriInfo> {
  const materi = await findMateri(db, idmateri);
  if (!materi) throw new HttpError(404, PESAN.materiTidakAda);
  return materi;
}

/** Validates answers against the topic's questions: a question of another topic or a bad answer → 400. */
function validasiDaftar(soal: readonly MateriSoal[], daftar: readonly JawabanBaru[]): JawabanBaru[] {
  const soalOf = new Map(soal.map((s) => [s.id, s]));
  const dilihat = new Set<number>();
  return daftar.map(({ idsoal, jawaban }) => {
    const s = soalOf.get(idsoal);
    if (!s) throw new HttpError(400, `Soal ${idsoal} bukan bagian dari materi ini`);
    if (dilihat.has(idsoal)) throw new HttpError(400, `Jawaban soal ${idsoal} dikirim lebih dari sekali`);
    dilihat.add(idsoal);
    const hasil = validasiJawaban(s, jawaban);
    if (!hasil.ok) throw new HttpError(400, hasil.message);
    return { idsoal, jawaban: hasil.jawaban };
  });
}

/** `start`: creates the attempt once (its clock starts now) and sends the questions without keys. */
export async function startMateri(
  db: Executor,
  input: { siswa: Siswa; idMateri: number; config: Config; now: number },
) {
  const { siswa, config } = input;
  // Per-topic tryouts are for non-event students of programmes 1, 2, 5, 6 and 7 only.
  if (!mayTakePermateri(siswa.lembaga, siswa.id_program, config)) return gagal(PESAN.bukanUntukmu);
  const materi = await materiAtau404(db, input.idMateri);
  const t = input.now;

  let hasil = await findHasil(db, materi.id, siswa.id);
  if (hasil) hasil = await tutupJikaHabis(db, hasil, materi.menit, t);
  if (hasil?.status === 1) return gagal(PESAN.sudahSelesai);

  const soal = await listSoal(db, materi.id);
  if (soal.length === 0) return gagal(PESAN.soalBelumAda);

  if (!hasil) {
    await createHasil(db, materi.id, siswa.id, durasiDetik(materi.menit), t);
    hasil = await findHasil(db, materi.id, siswa.id);
    if (!hasil) throw new HttpError(409, 'Tryout materi gagal dimulai, silakan coba lagi');
  }
  const jawaban = await mapJawaban(db, hasil.id);

  return berhasil({
    idmateri: materi.id,
    materi: materi.nama,
    max_soal: soal.length,
    waktu: materiClock(hasil, materi.menit, t).sisaWaktu,
    // Keys and discussions stay on the server while the attempt runs.
    soals: soal.map((s) => ({
      id_soal: s.id,
      ...teksSoalBase64(s),
      type: s.type as QuestionType,
      jawaban: jawaban.get(s.id) ?? '',
    })),
  });
}

/** `saveanswer`: one answer on the server's clock; refused once the attempt ended or its time and grace ran out. */
export async function saveAnswerMateri(
  db: Executor,
  input: { siswa: Siswa; idMateri: number; body: SaveAnswerMateriBody; now: number },
) {
  const { siswa } = input;
  const { idsoal, jawaban, sisa_waktu } = input.body;
  const materi = await materiAtau404(db, input.idMateri);
  const [baru] = validasiDaftar(await listSoal(db, materi.id), [{ idsoal, jawaban }]);
  const t = input.now;

  const hasil = await findHasil(db, materi.id, siswa.id);
  if (!hasil) return gagal(PESAN.belumDimulai);
  if (hasil.status !== 0) return gagal(PESAN.sudahSelesai);
  if (isPastGrace(materiClock(hasil, materi.menit, t), t)) {
    await tutupJikaHabis(db, hasil, materi.menit, t);
    return gagal(PESAN.waktuHabis);
  }

  // The attempt row is locked so that an end in flight scores either with this answer or refuses it.
  const tersimpan = await db.transaction().execute(async (trx) => {
    const locked = await findHasilForUpdate(trx, hasil.id);
    if (!locked || locked.status !== 0) return false;
    await upsertJawaban(trx, locked.id, baru.idsoal, baru.jawaban, t);
    const clock = materiClock(locked, materi.menit, t);
    if (clock.status === 0) {
      await writeMateriClock(trx, locked.id, clampReported(sisa_waktu, clock.sisaWaktu), t);
    }
    return true;
  });
  if (!tersimpan) return gagal(PESAN.sudahSelesai);
  return { status: true as const, message: 'Jawaban berhasil disimpan' };
}

/** `end`: scores the attempt with its last answers (an end after the time scores what was saved). */
export async function endMateri(
  db: Executor,
  input: { siswa: Siswa; idMateri: number; body: EndMateriBody; now: number },
) {
  const { siswa } = input;
  const materi = await materiAtau404(db, input.idMateri);
  const daftar = validasiDaftar(await listSoal(db, materi.id), input.body.list_jawaban);

  const hasil = await findHasil(db, materi.id, siswa.id);
  if (!hasil) return gagal(PESAN.belumDimulai);

  const akhir = await akhiriPercobaan(db, hasil.id, materi.menit, daftar, input.now);
  const message =
    akhir === 'diakhiri'
      ? 'Tryout materi berhasil diselesaikan'
      : akhir === 'waktu_habis'
        ? `${PESAN.waktuHabis}; jawaban yang tersimpan sudah dinilai`
        : 'Tryout materi sudah selesai';
  return { status: true as const, message };
}
