/**
 * Package answers: set on the sheet at once, then queued in the run engine's outbox,
 * which sends them (sisa_waktu always 100), retries, and rolls back only to what the server acknowledged. The
 * statements of a type-3 question are sent one by one; "Batalkan" clears them all with one groupCancel.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'typed-redux-saga';
import type { SaveAnswerPaketBody, SoalPaket } from '../../../contract';
import { SAVE_ANSWER_SISA_WAKTU, saveAnswerPaket } from '../../api/tryoutPaket';
import { BLANK_CHOICE, GROUP_ANSWER_MARKER, blankAnswer } from '../../components/question/answered';
import { clock } from '../../lib/clock';
import type { OutboxConfig, SaveStep } from '../../lib/run/outbox';
import { outboxCleared, saveQueued, type PendingSave } from '../../lib/run/slice';
import { text } from '../../text';
import { selectTryoutPaket } from './selectors';
import { answerSet, statusReportWanted, type PaketAnswer } from './slice';

export const PAKET = 'paket';

/** Wait before retrying a save whose subject time is not known yet (a save always carries the time). */
export const SAVE_RETRY_MS = 500;

type SaveRequest = Omit<SaveAnswerPaketBody, 'id_hasil_to' | 'sisa_waktu' | 'type_soal'>;
type SaveContext = { idJadwal: number; idHasil: number; type: number };

export function answerOf(soal: SoalPaket): PaketAnswer {
  return {
    jawaban_siswa: soal.jawaban_siswa,
    group: soal.group_soal.map(({ id_jawaban_group, jawaban }) => ({ id_jawaban_group, jawaban })),
  };
}

/** The next call that brings the server from `acked` to `value`, and what it then holds. */
export function nextPaketStep(save: PendingSave): SaveStep | null {
  const value = save.value as PaketAnswer;
  const acked = save.acked as PaketAnswer;
  const id_jawaban = Number(save.slot);
  if (Number(save.context.type) !== 3) {
    if (value.jawaban_siswa === acked.jawaban_siswa) return null;
    const request: SaveRequest = { id_jawaban, jawaban: value.jawaban_siswa, operation: 'save' };
    return { request, acked: value };
  }
  const ackedOf = (id: number) =>
    acked.group.find((item) => item.id_jawaban_group === id)?.jawaban ?? BLANK_CHOICE;
  const differing = value.group.filter((item) => item.jawaban !== ackedOf(item.id_jawaban_group));
  if (differing.length === 0) return null;
  if (differing.some((item) => item.jawaban === BLANK_CHOICE)) {
    // A statement can only go back to blank with the whole question (groupCancel).
    const request: SaveRequest = { id_jawaban, jawaban: BLANK_CHOICE, operation: 'groupCancel' };
    const cleared: PaketAnswer = {
      jawaban_siswa: BLANK_CHOICE,
      group: acked.group.map((item) => ({ ...item, jawaban: BLANK_CHOICE })),
    };
    return { request, acked: cleared };
  }
  const [first] = differing;
  const request: SaveRequest = {
    id_jawaban,
    id_jawaban_group: first.id_jawaban_group,
    jawaban: first.jawaban,
    operation: 'save',
  };
  const group = acked.group.some((item) => item.id_jawaban_group === first.id_jawaban_group)
    ? acked.group.map((item) => (item.id_jawaban_group === first.id_jawaban_group ? first : item))
    : [...acked.group, first];
  return { request, acked: { jawaban_siswa: GROUP_ANSWER_MARKER, group } };
}

function* sendPaketSave(request: unknown, save: PendingSave) {
  const context = save.context as SaveContext;
  const reply = yield* call(saveAnswerPaket, context.idJadwal, {
    ...(request as SaveRequest),
    id_hasil_to: context.idHasil,
    sisa_waktu: SAVE_ANSWER_SISA_WAKTU,
    type_soal: context.type as SoalPaket['type'],
  });
  return reply;
}

/** How many times a save waits for the subject's time before it goes anyway (a reload on the preview). */
const READY_WAITS = 10;

/** Saves wait, briefly, until the subject's remaining time is known; a run that ended drops them. */
function* paketSavesReady() {
  for (let wait = 0; ; wait += 1) {
    const state = yield* select(selectTryoutPaket);
    if (!state.isRunning) {
      yield* put(outboxCleared({ kind: PAKET }));
      return false;
    }
    if (state.detailMapel !== null || wait >= READY_WAITS) return true;
    yield* call(clock.sleep, SAVE_RETRY_MS);
  }
}

function* afterPaketSave() {
  // Spec §4: after a save the subject's status is reported with the remaining time (coalesced).
  yield* put(statusReportWanted({ reason: 'save' }));
}

export const paketOutbox: OutboxConfig = {
  kind: PAKET,
  nextStep: nextPaketStep,
  send: sendPaketSave,
  apply: (slot, value) => answerSet({ id_jawaban: Number(slot), ...(value as PaketAnswer) }),
  actionName: text.tryoutPaket.actions.saveAnswer,
  ready: paketSavesReady,
  onAcked: afterPaketSave,
};

function* findSoal(id_jawaban: number) {
  const state = yield* select(selectTryoutPaket);
  return state.soal.find((item) => item.id_jawaban === id_jawaban);
}

/** Show the answer at once and queue it. */
function* giveAnswer(soal: SoalPaket, next: PaketAnswer) {
  const state = yield* select(selectTryoutPaket);
  if (!state.run || state.idHasil === null || !state.isRunning) return;
  const context: SaveContext = { idJadwal: state.run.idJadwal, idHasil: state.idHasil, type: soal.type };
  yield* put(answerSet({ id_jawaban: soal.id_jawaban, ...next }));
  yield* put(
    saveQueued({ kind: PAKET, slot: String(soal.id_jawaban), context, value: next, current: answerOf(soal) }),
  );
}

/** A choice (type 1) or a text (types 2, 4, 5). */
export function* saveAnswer(action: PayloadAction<{ id_jawaban: number; jawaban: string }>) {
  const { id_jawaban, jawaban } = action.payload;
  const soal = yield* call(findSoal, id_jawaban);
  if (!soal || soal.jawaban_siswa === jawaban) return;
  yield* call(giveAnswer, soal, { ...answerOf(soal), jawaban_siswa: jawaban });
}

/** Y/N on one statement of a type-3 question; the question itself gets the marker 'Z'. */
export function* saveGroupAnswer(
  action: PayloadAction<{ id_jawaban: number; id_jawaban_group: number; jawaban: 'Y' | 'N' }>,
) {
  const { id_jawaban, id_jawaban_group, jawaban } = action.payload;
  const soal = yield* call(findSoal, id_jawaban);
  if (!soal) return;
  const current = answerOf(soal);
  const next: PaketAnswer = {
    jawaban_siswa: GROUP_ANSWER_MARKER,
    group: current.group.map((item) =>
      item.id_jawaban_group === id_jawaban_group ? { ...item, jawaban } : item,
    ),
  };
  yield* call(giveAnswer, soal, next);
}

/** "Batalkan": "0" for choices, empty for texts; a type-3 question clears every statement (groupCancel). */
export function* cancelAnswer(action: PayloadAction<{ id_jawaban: number }>) {
  const { id_jawaban } = action.payload;
  const soal = yield* call(findSoal, id_jawaban);
  if (!soal) return;
  const current = answerOf(soal);
  if (soal.type === 3) {
    if (
      current.jawaban_siswa === BLANK_CHOICE &&
      current.group.every((item) => item.jawaban === BLANK_CHOICE)
    )
      return;
    const cleared: PaketAnswer = {
      jawaban_siswa: BLANK_CHOICE,
      group: current.group.map((item) => ({ ...item, jawaban: BLANK_CHOICE })),
    };
    yield* call(giveAnswer, soal, cleared);
    return;
  }
  const blank = blankAnswer(soal.type);
  if (soal.jawaban_siswa === blank) return;
  yield* call(giveAnswer, soal, { ...current, jawaban_siswa: blank });
}
