/**
 * The open subject, as the package configuration of the run engine: the server's
 * remaining time on opening, the engine's clock with the 5-minute warning, status reports at the 120-s marks and
 * after saves (coalesced), and the close at time-up or "Selesaikan Ujian".
 */
import type { Action } from '@reduxjs/toolkit';
import { actionChannel, call, flush, put, race, select, take } from 'typed-redux-saga';
import { startPaket, updateStatusMapel } from '../../api/tryoutPaket';
import { forcedDialog, showError, toast } from '../../components/dialogs';
import { clock } from '../../lib/clock';
import { navigateRequested } from '../../lib/navigation';
import { reapplyPending } from '../../lib/run/outbox';
import { selectSisaWaktu } from '../../lib/run/slice';
import { resumeSession, type SheetClock } from '../../lib/run/engine';
import { believeServer, offlineSeconds, type TimerConfig } from '../../lib/run/timer';
import { selectIsRegularStudent } from '../../lib/student';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { PAKET, paketOutbox } from './answers';
import { firstOpenIndex } from './locking';
import { loadPreview } from './preview';
import { previewPath, sheetPath } from './paths';
import { findKategori, findMapel, selectTryoutPaket } from './selectors';
import {
  detailMapelCleared,
  finishConfirmed,
  mapelTimeReported,
  mapelTimeSet,
  nomorChosen,
  soalRefreshed,
  statusReportWanted,
  type RunTarget,
  type SheetTarget,
} from './slice';

/** The package start call, as the engine calls it. */
export function* requestPaketStart(run: RunTarget, idSiswa: number) {
  const reply = yield* call(startPaket, run.idJadwal, run.kategoriHash, idSiswa);
  return reply;
}

/** Status reports asked for by saves within this window go out as one. */
export const STATUS_COALESCE_MS = 1500;

export interface ServerTime {
  sisa_waktu: number;
  status: number;
}

/** Report the subject's status; the server's view of its time, or null when the call failed. */
export function* reportStatusMapel(target: SheetTarget, sisaWaktu: number, status: 0 | 1) {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return null;
  try {
    const reply = yield* call(updateStatusMapel, target.idJadwal, {
      id_siswa: idSiswa,
      id_mapel: target.idMapel,
      kategori: target.kategoriHash,
      sisa_waktu: Math.max(0, Math.round(sisaWaktu)),
      status,
    });
    const content = 'content' in reply ? reply.content : undefined;
    // A refusal with the server's view (a subject it closed itself when the time ran out) is still the truth:
    // without it the sheet would keep counting down the browser's own time.
    if (content) return content;
    if (!reply.status) return null;
    const server: ServerTime = { sisa_waktu: sisaWaktu, status };
    return server;
  } catch {
    return null;
  }
}

/** The remaining time on the clock (or, between clocks, the server's last count). */
function* currentSeconds() {
  const seconds = yield* select(selectSisaWaktu);
  if (seconds !== null) return seconds;
  const state = yield* select(selectTryoutPaket);
  return state.detailMapel?.sisa_waktu ?? null;
}

/**
 * Report status 0 with the remaining time (`atMark`: the 120-s mark that asked for it, else the clock now); if the
 * server counts less (or closed the subject), believe it.
 */
export function* syncRemaining(target: SheetTarget, atMark: number | null = null) {
  const seconds: number | null = atMark ?? (yield* call(currentSeconds));
  if (seconds === null || seconds <= 0) return;
  const server = yield* call(reportStatusMapel, target, seconds, 0 as const);
  if (server === null) return;
  const left = server.status === 1 ? 0 : server.sisa_waktu;
  yield* put(mapelTimeReported(left));
  yield* call(believeServer, left);
}

/**
 * One status report for every burst of saves, and at each 120-s mark; a mark that comes while saves
 * are being gathered is the report for both, so no request is doubled.
 */
export function* statusReporter(target: SheetTarget) {
  const channel = yield* actionChannel(statusReportWanted);
  try {
    for (;;) {
      const first = yield* take(channel);
      let mark = first.payload.reason === 'sync' ? first.payload.seconds : null;
      if (mark === null) {
        const gathered = yield* race({
          wait: call(clock.sleep, STATUS_COALESCE_MS),
          mark: take(
            (action: Action): action is ReturnType<typeof statusReportWanted> =>
              statusReportWanted.match(action) && action.payload.reason === 'sync',
          ),
        });
        const payload = gathered.mark?.payload;
        if (payload?.reason === 'sync') mark = payload.seconds;
      }
      yield* flush(channel);
      yield* call(syncRemaining, target, mark);
    }
  } finally {
    channel.close();
  }
}

function* fiveMinuteWarning() {
  yield* call(toast, text.tryoutPaket.fiveMinuteWarning, 'warning' as const, 5000);
}

function* syncMark(seconds: number) {
  yield* put(statusReportWanted({ reason: 'sync', seconds }));
}

/**
 * Time up (or "Selesaikan Ujian"): a modal only "Lanjutkan" closes, then status 1, then the package detail again
 * and the preview. False when the status call failed (the engine gives 10 more seconds and tries again).
 */
export function* closeSubject(target: SheetTarget, mapelName: string, byStudent: boolean) {
  yield* call(forcedDialog, {
    title: byStudent ? text.tryoutPaket.finishedTitle : text.tryoutPaket.timeUpTitle,
    text: byStudent ? text.tryoutPaket.finishedText(mapelName) : text.tryoutPaket.timeUpText(mapelName),
    icon: byStudent ? ('success' as const) : ('warning' as const),
    confirmText: text.tryoutPaket.lanjutkan,
  });
  const server = yield* call(reportStatusMapel, target, 0, 1 as const);
  if (server === null) {
    yield* call(showError, text.common.error, text.tryoutPaket.timeUpFailed);
    return false;
  }
  yield* put(detailMapelCleared());
  yield* call(loadPreview, target.idJadwal);
  yield* put(navigateRequested({ to: previewPath(target), replace: true }));
  return true;
}

/** The package configuration of the engine's clock. */
export function paketTimer(target: SheetTarget, mapelName: string): TimerConfig {
  return {
    kind: PAKET,
    sheet: sheetPath(target),
    finishType: finishConfirmed.type,
    warning: fiveMinuteWarning,
    onSyncMark: syncMark,
    close: (byStudent) => closeSubject(target, mapelName, byStudent),
  };
}

/** Ask the server for the run again (its start is idempotent): the answers it saved, and now the open subject's
 * questions. False when the run cannot go on (the server refused); offline, the persisted answers are still the
 * latest the server accepted. */
export function* refreshRun(run: RunTarget) {
  const session = yield* resumeSession(requestPaketStart, run);
  if (session === null) return false;
  if (session !== 'offline') yield* put(soalRefreshed({ idHasil: session.id_hasil_to, soal: session.soal }));
  return true;
}

/**
 * The open sheet (the run checked and resumed by the engine): the subject must still be open; the server's
 * remaining time is taken (the report opens the subject, and only then does the server reveal its questions);
 * the clock runs with the status reporter beside it.
 */
export function* prepareSubject(target: SheetTarget) {
  let state = yield* select(selectTryoutPaket);
  const mapel = findMapel(findKategori(state.detailPaket, target.kategoriHash), target.idMapel);
  if (!mapel || mapel.status !== '0') {
    yield* put(navigateRequested({ to: previewPath(target), replace: true }));
    return null;
  }
  const stored = state.detailMapel?.id_mapel === target.idMapel ? state.detailMapel : null;
  const known = stored ? stored.sisa_waktu : mapel.sisa_waktu;
  yield* put(detailMapelCleared());
  const server = yield* call(reportStatusMapel, target, known, 0 as const);
  // The server shows a subject's questions only once it is open (the report above opens it): when they are not
  // stored yet, ask again with the same idempotent start.
  if (!state.soal.some((soal) => soal.id_mapel === target.idMapel)) {
    yield* call(refreshRun, target);
    yield* call(reapplyPending, paketOutbox);
    state = yield* select(selectTryoutPaket);
  }
  const soalMapel = state.soal.filter((soal) => soal.id_mapel === target.idMapel);
  if (soalMapel.length === 0) {
    yield* put(navigateRequested({ to: previewPath(target), replace: true }));
    return null;
  }
  const regular = yield* select(selectIsRegularStudent);
  yield* put(nomorChosen(firstOpenIndex(soalMapel, regular)));
  // The server's count is the truth; only if it cannot be reached (a reload offline) does the clock count on to
  // the deadline its last count gave, or failing that from the last count.
  const seconds: number =
    server === null
      ? yield* call(offlineSeconds, sheetPath(target), known)
      : server.status === 1
        ? 0
        : server.sisa_waktu;
  yield* put(mapelTimeSet({ id_mapel: target.idMapel, sisa_waktu: seconds }));
  const sheetClock: SheetClock = {
    seconds,
    timer: paketTimer(target, mapel.mapel),
    alongside: () => statusReporter(target),
  };
  return sheetClock;
}
