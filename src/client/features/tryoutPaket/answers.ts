/**
 * Optimistic answer saves (spec §4 "Answer save"): the answer is set locally at once, sent with sisa_waktu 100,
 * and rolled back (with the statements of a type-3 question) when the call fails or answers status false.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'redux-saga/effects';
import type { GroupSoal, SaveAnswerPaketBody, SoalPaket } from '../../../contract';
import { isUnauthorized } from '../../api/http';
import { SAVE_ANSWER_SISA_WAKTU, saveAnswerPaket, type SaveAnswerPaketReply } from '../../api/tryoutPaket';
import { showCallError, showFailed } from '../../components/dialogs';
import { BLANK_CHOICE, GROUP_ANSWER_MARKER, blankAnswer } from '../../components/question/answered';
import { clock } from '../../lib/clock';
import { text } from '../../text';
import { selectTryoutPaket } from './selectors';
import { answerSet, type AnswerPatch, type TryoutPaketState } from './slice';

/** Wait before retrying a save whose subject time is not known yet (spec §4, §9). */
export const SAVE_RETRY_MS = 500;

function patchOf(soal: SoalPaket): AnswerPatch {
  return { id_jawaban: soal.id_jawaban, jawaban_siswa: soal.jawaban_siswa, group_soal: soal.group_soal };
}

function samePatch(soal: SoalPaket | undefined, patch: AnswerPatch): boolean {
  if (!soal || soal.jawaban_siswa !== patch.jawaban_siswa) return false;
  if (!patch.group_soal) return true;
  return patch.group_soal.every((item, index) => soal.group_soal[index]?.jawaban === item.jawaban);
}

/** Set locally, wait for the subject's remaining time, save; roll back unless the server kept it. */
function* saveOptimistically(
  id_jawaban: number,
  next: AnswerPatch,
  body: Omit<SaveAnswerPaketBody, 'id_hasil_to'>,
) {
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  const soal = state.soal.find((item) => item.id_jawaban === id_jawaban);
  if (!soal || !state.run || state.idHasil === null) return;
  const previous = patchOf(soal);
  const { idJadwal } = state.run;
  const idHasil = state.idHasil;
  yield put(answerSet(next));

  // The remaining time can be updated only once the subject detail is loaded (spec §4): wait for it.
  for (;;) {
    const current: TryoutPaketState = yield select(selectTryoutPaket);
    if (!current.isRunning) return;
    if (current.detailMapel !== null) break;
    yield call(clock.sleep, SAVE_RETRY_MS);
  }

  let refusal: { message?: string } | { error: unknown } | null = null;
  try {
    const reply: SaveAnswerPaketReply = yield call(saveAnswerPaket, idJadwal, {
      ...body,
      id_hasil_to: idHasil,
    });
    if (!reply.status) refusal = { message: reply.message };
  } catch (error) {
    refusal = { error };
  }
  if (refusal === null) return;
  // Roll back only if nothing newer replaced this answer meanwhile.
  const after: TryoutPaketState = yield select(selectTryoutPaket);
  if (
    samePatch(
      after.soal.find((item) => item.id_jawaban === id_jawaban),
      next,
    )
  )
    yield put(answerSet(previous));
  if ('error' in refusal) {
    if (!isUnauthorized(refusal.error))
      yield call(showCallError, refusal.error, text.tryoutPaket.actions.saveAnswer);
  } else {
    yield call(showFailed, refusal.message);
  }
}

function* findSoal(id_jawaban: number) {
  const state: TryoutPaketState = yield select(selectTryoutPaket);
  return state.soal.find((item) => item.id_jawaban === id_jawaban);
}

/** A choice (type 1) or a text (types 2, 4, 5). */
export function* saveAnswer(action: PayloadAction<{ id_jawaban: number; jawaban: string }>) {
  const { id_jawaban, jawaban } = action.payload;
  const soal: SoalPaket | undefined = yield call(findSoal, id_jawaban);
  if (!soal || soal.jawaban_siswa === jawaban) return;
  yield call(
    saveOptimistically,
    id_jawaban,
    { id_jawaban, jawaban_siswa: jawaban },
    { id_jawaban, jawaban, sisa_waktu: SAVE_ANSWER_SISA_WAKTU, type_soal: soal.type, operation: 'save' },
  );
}

/** Y/N on one statement of a type-3 question; the question itself gets the marker 'Z'. */
export function* saveGroupAnswer(
  action: PayloadAction<{ id_jawaban: number; id_jawaban_group: number; jawaban: 'Y' | 'N' }>,
) {
  const { id_jawaban, id_jawaban_group, jawaban } = action.payload;
  const soal: SoalPaket | undefined = yield call(findSoal, id_jawaban);
  if (!soal) return;
  const group_soal: GroupSoal[] = soal.group_soal.map((item) =>
    item.id_jawaban_group === id_jawaban_group ? { ...item, jawaban } : item,
  );
  yield call(
    saveOptimistically,
    id_jawaban,
    { id_jawaban, jawaban_siswa: GROUP_ANSWER_MARKER, group_soal },
    {
      id_jawaban,
      id_jawaban_group,
      jawaban,
      sisa_waktu: SAVE_ANSWER_SISA_WAKTU,
      type_soal: soal.type,
      operation: 'save',
    },
  );
}

/** "Batalkan": "0" for choices, empty for texts; a type-3 question clears every statement (groupCancel). */
export function* cancelAnswer(action: PayloadAction<{ id_jawaban: number }>) {
  const { id_jawaban } = action.payload;
  const soal: SoalPaket | undefined = yield call(findSoal, id_jawaban);
  if (!soal) return;
  if (soal.type === 3) {
    const group_soal: GroupSoal[] = soal.group_soal.map((item) => ({ ...item, jawaban: BLANK_CHOICE }));
    yield call(
      saveOptimistically,
      id_jawaban,
      { id_jawaban, jawaban_siswa: BLANK_CHOICE, group_soal },
      {
        id_jawaban,
        jawaban: BLANK_CHOICE,
        sisa_waktu: SAVE_ANSWER_SISA_WAKTU,
        type_soal: 3,
        operation: 'groupCancel',
      },
    );
    return;
  }
  const blank = blankAnswer(soal.type);
  if (soal.jawaban_siswa === blank) return;
  yield call(
    saveOptimistically,
    id_jawaban,
    { id_jawaban, jawaban_siswa: blank },
    {
      id_jawaban,
      jawaban: blank,
      sisa_waktu: SAVE_ANSWER_SISA_WAKTU,
      type_soal: soal.type,
      operation: 'save',
    },
  );
}
