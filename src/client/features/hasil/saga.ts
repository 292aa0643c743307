import type { PayloadAction } from '@reduxjs/toolkit';
import type { SagaIterator } from 'redux-saga';
import { all, call, delay, put, race, select, take, takeLatest, takeLeading } from 'typed-redux-saga';
import type { PembahasanContent, PembahasanMapel, PembahasanMapelItem } from '../../../contract';
import {
  fetchHasilKategori,
  fetchHasilList,
  fetchHasilMateri,
  fetchHasilPtn,
  fetchHasilSkor,
  fetchPembahasan,
  fetchPembahasanMateri,
  generateHasilMapel,
} from '../../api/hasil';
import { navigateRequested } from '../../lib/navigation';
import { confirmDialog, showCallError, showError, showFailed } from '../../components/dialogs';
import { loadContent } from '../../lib/loadContent';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import {
  detailDitinggalkan,
  detailFailed,
  detailKey,
  detailLoaded,
  detailLoading,
  detailRequested,
  hasilTerkunciDiterima,
  hasilDitinggalkan,
  hasilListFailed,
  hasilListLoaded,
  hasilListLoading,
  hasilRequested,
  pembahasanMateriFailed,
  pembahasanMateriLoaded,
  pembahasanMateriLoading,
  pembahasanMateriRequested,
  pembahasanTerkunci,
  ptnFailed,
  ptnLoaded,
  ptnLoading,
  ptnMissing,
  ptnRequested,
  ptnSyncRequested,
  ptnSyncing,
  reviewFailed,
  reviewKey,
  reviewListFailed,
  reviewListLoaded,
  reviewListLoading,
  reviewListRequested,
  reviewLoaded,
  reviewLoading,
  reviewMapelChosen,
  reviewRequested,
  type HasilListName,
  type ListPayload,
} from './slice';
import { safely } from '../../lib/safely';
import { callRead, callReadUnless } from '../../lib/readRetry';
import { isSedangDihitung, sedangDihitungOf, terkunciOf } from '../../lib/terkunci';
import { clock } from '../../lib/clock';
import { classifyFailure } from '../../lib/run/failure';
import { selectHasilDihitung } from './selectors';
import { hasilText } from './text';

const t = text.hasil;

/** The server's refusal when a schedule's score summary is missing. */
export const REKAP_TIDAK_ADA = 'Rekapitulasi nilai per mapel tidak ditemukan';

/** The review of one subject (asked with `idmapel`) rather than the list of subjects. */
function isReviewMapel(content: PembahasanContent): content is PembahasanMapel {
  return 'soal' in content && Array.isArray(content.soal);
}

// ---------------------------------------------------------------------------------------------------------------
// The three lists of /hasil

type HasilListReply = Awaited<
  ReturnType<typeof fetchHasilList | typeof fetchHasilMateri | typeof fetchHasilSkor>
>;

/** What each list of /hasil is read with, and the action a failed call names. */
const DAFTAR_HASIL: Record<
  HasilListName,
  { fetch: (idSiswa: number) => Promise<HasilListReply>; action: string }
> = {
  paket: { fetch: fetchHasilList, action: t.actions.getHasilTryout },
  materi: { fetch: fetchHasilMateri, action: t.actions.getHasilMateri },
  skor: { fetch: fetchHasilSkor, action: t.actions.getHasilSkor },
};

/** One of the three lists of /hasil: marked loading, then loaded or failed under its name. */
function* loadHasilList(list: HasilListName, idSiswa: number) {
  const { fetch, action } = DAFTAR_HASIL[list];
  yield* put(hasilListLoading(list));
  yield* loadContent(fetch, [idSiswa], {
    // The items come from the list's own fetch (DAFTAR_HASIL), so they are that list's.
    loaded: (items) => hasilListLoaded({ list, items } as ListPayload),
    failed: hasilListFailed(list),
    action,
  });
}

/** The package results and scores asked for again in the background: the tables stay as they are meanwhile. */
export function* muatUlangHasil(idSiswa: number) {
  try {
    const paket = yield* callRead(fetchHasilList, idSiswa);
    const skor = yield* callRead(fetchHasilSkor, idSiswa);
    if (paket.status && 'content' in paket)
      yield* put(hasilListLoaded({ list: 'paket', items: paket.content }));
    if (skor.status && 'content' in skor) yield* put(hasilListLoaded({ list: 'skor', items: skor.content }));
  } catch {
    // The next look asks again: the page keeps what it shows.
  }
}

/**
 * While a schedule of the student's is being closed ("Hasil sedang dihitung"), the lists are asked for again when
 * the server said to come back, until its results are in, or the student leaves /hasil.
 */
export function* tungguPenutupan(idSiswa: number) {
  for (;;) {
    const dihitung = yield* select(selectHasilDihitung);
    if (dihitung === null) return;
    const { ditinggalkan } = yield* race({
      waktu: delay(dihitung.cobaLagiDetik * 1000),
      ditinggalkan: take(hasilDitinggalkan.type),
    });
    if (ditinggalkan) return;
    yield* call(muatUlangHasil, idSiswa);
  }
}

/** /hasil opened: results change whenever a tryout ends, so the lists are asked for on every visit. */
export function* loadHasil() {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* all((['paket', 'materi', 'skor'] as const).map((list) => call(loadHasilList, list, idSiswa)));
  yield* call(tungguPenutupan, idSiswa);
}

// ---------------------------------------------------------------------------------------------------------------
// Category result detail

/** How long a detail page waits before asking again when the server's 503 named no Retry-After. */
const DETAIL_ULANG_MS = 5_000;

/**
 * A category's result. While its event's close runs the server answers 503 "Hasil sedang dihitung: x dari y…": the
 * page shows that sentence (no error dialog) and asks again by itself after Retry-After, until the result is in or
 * the student leaves the page.
 */
export function* loadDetail(action: PayloadAction<{ id: number; hash: string }>) {
  const { id, hash } = action.payload;
  const key = detailKey(id, hash);
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(detailLoading(key));
  for (;;) {
    try {
      const reply = yield* callReadUnless(isSedangDihitung, fetchHasilKategori, id, hash, idSiswa);
      // A refusal means there is no result for this category: the page shows its empty state, or the sentence
      // saying when a running TO Akbar event's result opens.
      const terkunci = terkunciOf(reply);
      if (terkunci !== null) yield* put(hasilTerkunciDiterima({ idjadwal: id, message: terkunci }));
      yield* put(detailLoaded({ key, data: reply.status && 'content' in reply ? reply.content : null }));
      return;
    } catch (error) {
      const dihitung = sedangDihitungOf(error);
      if (dihitung === null) {
        yield* put(detailFailed(key));
        yield* call(showCallError, error, t.actions.getDetailHasil);
        return;
      }
      yield* put(
        hasilTerkunciDiterima({ idjadwal: id, message: `${dihitung} ${hasilText.dimuatUlangSendiri}` }),
      );
      yield* put(detailLoaded({ key, data: null }));
      const now = yield* call(clock.now);
      const failure = classifyFailure(error, now);
      const waitMs = (failure.kind === 'transport' && failure.retryAfterMs) || DETAIL_ULANG_MS;
      const { ditinggalkan } = yield* race({
        waktu: delay(waitMs),
        ditinggalkan: take(detailDitinggalkan.type),
      });
      if (ditinggalkan) return;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PTN status and Sync

/** Sync: ask the server to build the score summary, then load the PTN status again. */
export function* syncPtn(idjadwal: number): SagaIterator<void> {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(ptnSyncing(true));
  let synced = false;
  try {
    const reply = yield* call(generateHasilMapel, { idsiswa: idSiswa, idjadwal });
    if (reply.status) synced = true;
    else yield* call(showFailed, reply.message);
  } catch (error) {
    yield* call(showCallError, error, t.actions.syncHasilMapel);
  } finally {
    yield* put(ptnSyncing(false));
  }
  if (synced) yield* call(loadPtn, ptnRequested(idjadwal));
}

/** "Maaf" — the summary is missing; the student may start Sync from the dialog. */
export function* offerSync(idjadwal: number): SagaIterator<void> {
  const sync = yield* call(confirmDialog, {
    title: t.maaf,
    text: t.rekapTidakAda,
    icon: 'warning' as const,
    confirmText: t.sync,
  });
  if (sync) yield* call(syncPtn, idjadwal);
}

export function* loadPtn(action: PayloadAction<number>): SagaIterator<void> {
  const idjadwal = action.payload;
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(ptnLoading(idjadwal));
  let missing = false;
  try {
    const reply = yield* callRead(fetchHasilPtn, { idsiswa: idSiswa, idjadwal });
    const terkunci = terkunciOf(reply);
    if (reply.status && 'content' in reply && reply.content.mapel.length > 0) {
      yield* put(ptnLoaded({ idjadwal, data: reply.content }));
    } else if (terkunci !== null) {
      // Not an error, and no Sync to offer: the page says when the event's result opens.
      yield* put(hasilTerkunciDiterima({ idjadwal, message: terkunci }));
      yield* put(ptnFailed(idjadwal));
    } else if (reply.status || reply.message === REKAP_TIDAK_ADA) {
      // Either the server says so, or it answers an empty subject list: both mean the summary is missing.
      yield* put(ptnMissing(idjadwal));
      missing = true;
    } else {
      yield* put(ptnFailed(idjadwal));
      yield* call(showFailed, reply.message);
    }
  } catch (error) {
    yield* put(ptnFailed(idjadwal));
    yield* call(showCallError, error, t.actions.getHasilPtn);
  }
  if (missing) yield* call(offerSync, idjadwal);
}

function* syncRequested(action: PayloadAction<number>) {
  yield* call(syncPtn, action.payload);
}

// ---------------------------------------------------------------------------------------------------------------
// Reviews

export function* loadReviewList(action: PayloadAction<number>) {
  const idjadwal = action.payload;
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(reviewListLoading(idjadwal));
  try {
    const reply = yield* callRead(fetchPembahasan, { idsiswa: idSiswa, idjadwal });
    if (reply.status && 'content' in reply && !isReviewMapel(reply.content)) {
      yield* put(reviewListLoaded({ idjadwal, data: reply.content }));
    } else {
      yield* put(reviewListLoaded({ idjadwal, data: null }));
      const terkunci = terkunciOf(reply);
      // Not an error: the event is still running, and the page says when the reviews open.
      if (terkunci !== null) yield* put(pembahasanTerkunci({ idjadwal, message: terkunci }));
      else if (!reply.status) yield* call(showFailed, reply.message);
    }
  } catch (error) {
    yield* put(reviewListFailed(idjadwal));
    yield* call(showCallError, error, t.actions.getPembahasan);
  }
}

/** Load one subject's review into the store; true when it arrived. */
export function* loadReview(idjadwal: number, idmapel: number) {
  const key = reviewKey(idjadwal, idmapel);
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return false;
  yield* put(reviewLoading(key));
  try {
    const reply = yield* callRead(fetchPembahasan, { idsiswa: idSiswa, idjadwal, idmapel });
    if (reply.status && 'content' in reply && isReviewMapel(reply.content)) {
      yield* put(reviewLoaded({ key, data: reply.content }));
      return true;
    }
    yield* put(reviewLoaded({ key, data: null }));
    const terkunci = terkunciOf(reply);
    if (terkunci !== null) {
      yield* put(pembahasanTerkunci({ idjadwal, message: terkunci }));
      return false;
    }
    yield* call(showError, t.gagal, (!reply.status && reply.message) || t.belumDikerjakanText);
  } catch (error) {
    yield* put(reviewFailed(key));
    yield* call(showCallError, error, t.actions.getPembahasan);
  }
  return false;
}

/** Review of a finished subject: status "1" asks "Lanjutkan?", loads the review and opens its sheet;
 * any other status shows "Gagal" / "Tryout ini belum dikerjakan". */
export function* chooseReviewMapel(action: PayloadAction<{ idjadwal: number; mapel: PembahasanMapelItem }>) {
  const { idjadwal, mapel } = action.payload;
  if (mapel.status !== '1') {
    yield* call(showError, t.gagal, t.belumDikerjakanText);
    return;
  }
  const go = yield* call(confirmDialog, {
    title: t.lanjutkanTitle,
    text: t.lanjutkanText(mapel.mapel),
    icon: 'question' as const,
    confirmText: t.lanjutkanConfirm,
  });
  if (!go) return;
  const loaded = yield* call(loadReview, idjadwal, mapel.idmapel);
  if (loaded) yield* put(navigateRequested({ to: `/hasil/${idjadwal}/review/${mapel.idmapel}` }));
}

function* reviewRequestedFlow(action: PayloadAction<{ idjadwal: number; idmapel: number }>) {
  yield* call(loadReview, action.payload.idjadwal, action.payload.idmapel);
}

export function* loadPembahasanMateri(action: PayloadAction<number>) {
  const idmateri = action.payload;
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(pembahasanMateriLoading(idmateri));
  yield* loadContent(fetchPembahasanMateri, [idmateri, idSiswa], {
    loaded: (data) => pembahasanMateriLoaded({ idmateri, data }),
    // A refusal is the page's empty state.
    refused: pembahasanMateriLoaded({ idmateri, data: null }),
    failed: pembahasanMateriFailed(idmateri),
    action: t.actions.getPembahasanMateri,
  });
}

export function* hasilSaga() {
  yield* takeLatest(hasilRequested.type, safely(loadHasil));
  yield* takeLatest(detailRequested.type, safely(loadDetail));
  yield* takeLatest(ptnRequested.type, safely(loadPtn));
  yield* takeLeading(ptnSyncRequested.type, safely(syncRequested));
  yield* takeLatest(reviewListRequested.type, safely(loadReviewList));
  // One subject at a time: a second click while the first dialog or call is open is ignored.
  yield* takeLeading(reviewMapelChosen.type, safely(chooseReviewMapel));
  yield* takeLatest(reviewRequested.type, safely(reviewRequestedFlow));
  yield* takeLatest(pembahasanMateriRequested.type, safely(loadPembahasanMateri));
}
