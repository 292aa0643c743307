/** Life of one per-topic attempt (materi_hasil): ending it with its score, by the student or by the clock. */
import { isPastGrace } from '../../domain/timing';
import { nilaiPercobaan } from './penilaian';
import {
  findHasilForUpdate,
  listSoal,
  mapJawaban,
  selesaikanHasil,
  upsertJawaban,
  type MateriHasil,
} from './queries';
import { materiClock } from './waktu';
import type { Executor } from '../../db/executor';

export interface JawabanBaru {
  idsoal: number;
  jawaban: string;
}

/** Scores the attempt with the answers saved so far and ends it (inside the caller's transaction). */
async function nilaiDanSelesaikan(trx: Executor, hasil: MateriHasil, sisaWaktu: number, endedAt: number) {
  const soal = await listSoal(trx, hasil.id_materi);
  const jawaban = await mapJawaban(trx, hasil.id);
  await selesaikanHasil(trx, hasil.id, nilaiPercobaan(soal, jawaban), sisaWaktu, endedAt);
}

/**
 * Ends a running attempt whose time and grace are over, scoring the answers saved so far (the server
 * closes it whether or not the browser reports it). Returns the attempt as it now is.
 */
export async function tutupJikaHabis(
  db: Executor,
  hasil: MateriHasil,
  menit: number,
  now: number,
): Promise<MateriHasil> {
  if (hasil.status !== 0 || !isPastGrace(materiClock(hasil, menit, now), now)) return hasil;
  return db.transaction().execute(async (trx) => {
    const locked = await findHasilForUpdate(trx, hasil.id);
    if (!locked) return hasil;
    const clock = materiClock(locked, menit, now);
    if (locked.status === 0 && clock.lastSeenAt !== null) {
      // The attempt ended when its time did, not when someone happened to look at it.
      await nilaiDanSelesaikan(trx, locked, 0, clock.lastSeenAt);
    }
    return (await findHasilForUpdate(trx, hasil.id)) ?? locked;
  });
}

export type HasilAkhiri = 'diakhiri' | 'sudah_selesai' | 'waktu_habis';

/**
 * The student's end: in one transaction, saves the (already validated) answers and scores the attempt. An attempt
 * already ended is left untouched; one whose time and grace are over is scored with what was saved in time.
 */
export async function akhiriPercobaan(
  db: Executor,
  idHasil: number,
  menit: number,
  jawabanBaru: readonly JawabanBaru[],
  now: number,
): Promise<HasilAkhiri> {
  return db.transaction().execute(async (trx) => {
    const hasil = await findHasilForUpdate(trx, idHasil);
    if (!hasil || hasil.status !== 0) return 'sudah_selesai';
    const clock = materiClock(hasil, menit, now);
    if (isPastGrace(clock, now)) {
      await nilaiDanSelesaikan(trx, hasil, 0, clock.lastSeenAt ?? now);
      return 'waktu_habis';
    }
    for (const j of jawabanBaru) await upsertJawaban(trx, hasil.id, j.idsoal, j.jawaban, now);
    await nilaiDanSelesaikan(trx, hasil, clock.sisaWaktu, now);
    return 'diakhiri';
  });
}
