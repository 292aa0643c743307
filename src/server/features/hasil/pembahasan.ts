/** Review of finished subjects (/siswa/tryout/pembahasan). Keys,
 * verdicts and discussions leave the server only for a subject whose category attempt has ended, and for a TO
 * Akbar event only once the event is over (domain/kunciEvent.ts). */
import type { SoalReview } from '../../../contract/hasil';
import type { QuestionType } from '../../../contract/fields';
import type { Executor } from '../../db/executor';
import { isBlank } from '../../domain/scoring';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { loadAttemptAnswers } from '../../scoring/hasilMapel';
import { base64, belumDibuka, berhasil, gagal, teksSoalBase64 } from '../../lib/respons';
import { kunciTerkunci } from '../../domain/kunciEvent';
import { acakDari, dalamUrutanSiswa, soalSiswa } from '../../domain/acak';
import { akhiriJadwalBerakhir } from '../../scoring/jadwalBerakhir';
import { mapelJadwal, soalDenganKunci } from '../../soal/soalMapel';
import { PESAN, endedAttempts, findJadwalOf } from './queries';

const TANPA_TEKS = { soal: '', a: '', b: '', c: '', d: '', e: '' };

/** Blank answers travel as '' ('0' is only the storage marker of "no choice"). */
function shownAnswer(type: number, jawaban: string): string {
  return isBlank(type, jawaban) ? '' : jawaban;
}

async function reviewMapel(db: Executor, idHasilTo: number, idMapel: number, nama: string) {
  const loaded = await loadAttemptAnswers(db, idHasilTo);
  const acak = loaded ? acakDari(loaded.attempt.acak, loaded.attempt.acak_seed) : null;
  // In the order, numbers and letters the student worked in (domain/acak.ts).
  const answers = dalamUrutanSiswa(
    acak,
    (loaded?.answers ?? []).filter((a) => a.id_mapel === idMapel).map((a) => ({ ...a, id: a.id_soal })),
  );
  const texts = await soalDenganKunci(db, [idMapel]);
  const textOf = new Map(texts.map((t) => [t.id, t]));

  const soal = answers.map((answer): SoalReview => {
    const text = textOf.get(answer.id_soal);
    const shown = soalSiswa(
      acak,
      text ?? { ...TANPA_TEKS, id: answer.id_soal, type: answer.type, opsi_tetap: '' },
      {
        kunci: answer.kunci,
        jawaban: shownAnswer(answer.type, answer.jawaban),
      },
    );
    const review: SoalReview = {
      id_soal: answer.id_soal,
      ...teksSoalBase64({ soal: text?.soal ?? '', ...shown.opsi }),
      type: answer.type as QuestionType,
      jawaban: shown.jawaban,
      kunci: shown.kunci,
      is_benar: answer.penilaian === 'benar' ? 1 : 0,
      pembahasan: base64(text?.pembahasan ?? ''),
    };
    if (answer.type === 3) {
      const pernyataan = text?.pernyataan ?? [];
      // loadAttemptAnswers lists the statements in the same order (urutan, id).
      review.group_soal = answer.group.map((g, index) => ({
        soal: base64(pernyataan[index]?.pernyataan ?? ''),
        jawaban: shownAnswer(3, g.jawaban),
        kunci: g.kunci,
      }));
      review.group_text_type = text?.group_text_type ?? null;
    }
    return review;
  });
  return {
    mapel: nama,
    benar: soal.filter((s) => s.is_benar === 1).length,
    jumlah_soal: soal.length,
    soal,
  };
}

/** `/siswa/tryout/pembahasan`: the subjects of a schedule, or the review of one finished subject. */
export async function pembahasanPaket(
  db: Executor,
  input: { siswa: Siswa; idJadwal: number; idMapel?: number; now: number },
) {
  const { siswa } = input;
  const jadwal = await findJadwalOf(db, siswa.id, input.idJadwal);
  // An event's subjects, keys and verdicts stay on the server until the event is over, for everyone.
  const terkunci = kunciTerkunci(jadwal, input.now);
  if (terkunci) return belumDibuka(terkunci);
  // A category still running in a closed window ends now, so its review opens.
  await akhiriJadwalBerakhir(db, { jadwal }, input.now);
  const mapel = await mapelJadwal(db, jadwal.id);
  const ended = await endedAttempts(db, siswa.id, { idJadwal: jadwal.id });

  const idmapel = input.idMapel;
  if (idmapel === undefined) {
    return berhasil({
      paket: jadwal.paket,
      mapel: mapel.map((m) => ({
        idmapel: m.id,
        mapel: m.nama,
        status: ended.has(m.id_kategori) ? '1' : '0',
      })),
    });
  }
  const chosen = mapel.find((m) => m.id === idmapel);
  if (!chosen) throw new HttpError(404, PESAN.mapelTidakAda);
  const idHasilTo = ended.get(chosen.id_kategori);
  if (idHasilTo === undefined) return gagal(PESAN.belumDikerjakan);
  return berhasil(await reviewMapel(db, idHasilTo, chosen.id, chosen.nama));
}
