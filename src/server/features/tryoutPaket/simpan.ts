/** `PUT /siswa/tryout/saveanswer/id/:id`: an idempotent answer save on the server's clock. */
import type { SaveAnswerPaketBody } from '../../../contract/tryoutPaket';
import type { Config } from '../../config';
import { allowsFiveChoices } from '../../domain/studentType';
import { isPastGrace, isWindowOver } from '../../domain/timing';
import type { Siswa } from '../../db/siswa';
import { HttpError } from '../../lib/httpError';
import { parseAnswer, type AnswerChange } from './jawaban';
import { acakDari, jawabanPaket, opsiDiacak, type Acak } from '../../domain/acak';
import type { JadwalRow } from '../../db/jadwal';
import { berteksSoal } from './isiPaket';
import { findSaveTarget, simpanJawaban } from './tulis';
import { type Executor } from '../../db/executor';
import { isWallClock } from './konteks';
import { gagal } from '../../lib/respons';
import { PESAN, tipeTidakSesuai } from './teks';
import { antrianOf, chargeIsKept, isRevealed, sameClock, settleClocks } from './waktu';

type SaveResult = { status: true; message: string } | ReturnType<typeof gagal>;

export async function saveAnswerPaket(
  q: Executor,
  input: { idJadwal: number; body: SaveAnswerPaketBody; siswa: Siswa; config: Config; now: number },
): Promise<SaveResult> {
  const { body, siswa, now } = input;
  const target = await findSaveTarget(q, body.id_hasil_to, body.id_jawaban);
  const attempt = target?.attempt;
  if (!target || !attempt || attempt.id_jadwal !== input.idJadwal)
    throw new HttpError(404, PESAN.tryoutTidakAda);
  if (attempt.id_siswa !== siswa.id) throw new HttpError(403, PESAN.bukanMilikmu);

  // Everything the request says is checked before anything is written (bad input changes no row).
  const row = target.jawaban;
  if (!row) throw new HttpError(400, PESAN.jawabanTidakAda);
  if (row.type !== body.type_soal) throw new HttpError(400, tipeTidakSesuai(body.type_soal, row.type));
  const parsed = parseAnswer({
    type: row.type,
    operation: body.operation,
    jawaban: body.jawaban,
    idJawabanGroup: body.id_jawaban_group,
    fiveChoices: allowsFiveChoices(siswa.lembaga, siswa.minat, input.config),
  });
  if (!parsed.ok) throw new HttpError(400, parsed.message);
  const change = await kePaket(
    q,
    parsed.change,
    row,
    target.jadwal,
    acakDari(attempt.acak, attempt.acak_seed),
  );
  const statements = row.type === 3 ? (target.pernyataan ?? []) : [];
  if (change.kind === 'statement' && !statements.includes(change.idJawabanGroup)) {
    throw new HttpError(400, PESAN.pernyataanTidakAda);
  }

  if (attempt.is_selesai === 1) return gagal(PESAN.sudahDiakhiri);

  const jadwal = target.jadwal;
  if (!jadwal) throw new HttpError(404, PESAN.jadwalTidakAda);
  // After the schedule window and its grace nothing is accepted, and the refusal writes nothing.
  if (isWindowOver(jadwal.tgl_akhir, now)) return gagal(PESAN.jadwalBerakhir);
  const clocks = await settleClocks(q, {
    idHasilTo: attempt.id,
    jadwal,
    mapel: target.mapel,
    rows: target.clocks,
    wallClock: isWallClock(jadwal, siswa, input.config),
    now,
  });
  const index = clocks.findIndex((c) => c.mapel.id === row.id_mapel);
  if (index < 0) throw new HttpError(400, PESAN.jawabanTidakAda);
  const { clock, before } = clocks[index];
  if (clock.status === 1) {
    // An answer in flight when the subject ended is accepted for the grace period, later ones are refused.
    if (isPastGrace(clock, now)) return gagal(PESAN.waktuHabis);
  } else {
    const queue = antrianOf(clocks)[index];
    if (queue.antrian !== 0) return gagal(queue.antrian_str);
    // Its questions were never shown: a save cannot be an answer to them.
    if (!isRevealed(clock)) return gagal(PESAN.mapelBelumDibuka);
  }

  // Several saves within one second charge nothing: the clock as stored is already the clock of now.
  const clockChanged = clock.status === 0 && !sameClock(clock, before) && chargeIsKept(clocks[index]);
  // Written with the other saves of this turn (tulis/: one statement on PostgreSQL, one commit on SQLite).
  const tulisan = {
    idJawaban: row.id,
    jawaban: change.kind === 'text' ? change.jawaban : '0',
    now,
    clock: clockChanged ? { idHasilTo: attempt.id, idMapel: row.id_mapel, ...clock } : null,
  };
  await simpanJawaban(
    q,
    row.type === 3 ? { ...tulisan, pernyataan: pernyataanDitulis(change, statements) } : tulisan,
  );
  return { status: true, message: PESAN.jawabanTersimpan };
}

/** The statement answers a statement question's save writes: the one asked for, all of them cleared, or none. */
function pernyataanDitulis(change: AnswerChange, statements: readonly number[]) {
  if (change.kind === 'statement')
    return [{ idJawabanGroup: change.idJawabanGroup, jawaban: change.jawaban }];
  if (change.kind === 'cancelGroup')
    return statements.map((idJawabanGroup) => ({ idJawabanGroup, jawaban: '0' }));
  return [];
}

/**
 * A choice in the student's own letters stored in the package's (domain/acak.ts), so scoring and exports never
 * see the shuffle. Other answers are stored as sent. Which options the question shows comes from the sheet this
 * process keeps (isiPaket.ts), asked for only when the attempt shuffles this question's options.
 */
async function kePaket(
  q: Executor,
  change: AnswerChange,
  soal: { id_soal: number; id_mapel: number; type: number; opsi_tetap: string },
  jadwal: JadwalRow | null,
  acak: Acak | null,
): Promise<AnswerChange> {
  if (change.kind !== 'text' || !opsiDiacak(acak, soal) || !jadwal) return change;
  const berteks = await berteksSoal(q, jadwal, soal.id_mapel, soal.id_soal);
  return {
    kind: 'text',
    jawaban: jawabanPaket(acak, { ...soal, id: soal.id_soal }, berteks, change.jawaban),
  };
}
