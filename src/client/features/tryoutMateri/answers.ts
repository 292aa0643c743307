/**
 * Per-topic answers: set on the sheet at once, then queued in the run engine's outbox, which sends them with the
 * remaining time, retries, and rolls back only to what the server acknowledged.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select } from 'typed-redux-saga';
import { saveAnswerMateri } from '../../api/tryoutMateri';
import type { OutboxConfig } from '../../lib/run/outbox';
import { outboxCleared, saveQueued, selectSisaWaktu, type PendingSave } from '../../lib/run/slice';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { selectTryoutMateri } from './selectors';
import { answerSet } from './slice';

export const MATERI = 'materi';

type MateriContext = { idmateri: number; idsiswa: number };

function* sendMateriSave(request: unknown, save: PendingSave) {
  const context = save.context as MateriContext;
  const seconds = yield* select(selectSisaWaktu);
  const reply = yield* call(saveAnswerMateri, context.idmateri, {
    idsiswa: context.idsiswa,
    idsoal: Number(save.slot),
    jawaban: request as string,
    sisa_waktu: seconds ?? 0,
  });
  return reply;
}

function* materiSavesReady() {
  const state = yield* select(selectTryoutMateri);
  if (state.isRunning) return true;
  yield* put(outboxCleared({ kind: MATERI }));
  return false;
}

export const materiOutbox: OutboxConfig = {
  kind: MATERI,
  nextStep: (save) => (save.value === save.acked ? null : { request: save.value, acked: save.value }),
  send: sendMateriSave,
  apply: (slot, value) => answerSet({ idsoal: Number(slot), jawaban: value as string }),
  actionName: text.tryoutMateri.actions.saveAnswer,
  ready: materiSavesReady,
};

/** Optimistic save: shown at once, sent by the engine, rolled back only to what the server acknowledged. */
export function* saveAnswer(action: PayloadAction<{ idsoal: number; jawaban: string }>) {
  const { idsoal, jawaban } = action.payload;
  const state = yield* select(selectTryoutMateri);
  const soal = state.soal.find((item) => item.id_soal === idsoal);
  const idSiswa = yield* select(selectIdSiswa);
  if (!soal || !state.detailToMateri || idSiswa === null || soal.jawaban === jawaban) return;
  const context: MateriContext = { idmateri: state.detailToMateri.idmateri, idsiswa: idSiswa };
  yield* put(answerSet({ idsoal, jawaban }));
  yield* put(
    saveQueued({ kind: MATERI, slot: String(idsoal), context, value: jawaban, current: soal.jawaban }),
  );
}
