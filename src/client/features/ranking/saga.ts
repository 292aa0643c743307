import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, select, takeLatest } from 'redux-saga/effects';
import {
  fetchRankingJurusan,
  fetchRankingPaket,
  fetchRankingPaketList,
  type RankingJurusanReply,
  type RankingPaketListReply,
  type RankingPaketReply,
} from '../../api/ranking';
import { showCallError, showFailed } from '../../components/dialogs';
import { text } from '../../text';
import { selectIdSiswa } from '../auth/slice';
import {
  jurusanKey,
  rankingJurusanFailed,
  rankingJurusanLoaded,
  rankingJurusanLoading,
  rankingJurusanRequested,
  rankingListFailed,
  rankingListLoaded,
  rankingListLoading,
  rankingListRequested,
  rankingPaketFailed,
  rankingPaketLoaded,
  rankingPaketLoading,
  rankingPaketRequested,
} from './slice';

const t = text.ranking;

export function* loadRankingList() {
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return;
  yield put(rankingListLoading());
  try {
    const reply: RankingPaketListReply = yield call(fetchRankingPaketList, idSiswa);
    if (reply.status && 'content' in reply) {
      yield put(rankingListLoaded(reply.content));
    } else {
      yield put(rankingListFailed());
      yield call(showFailed, reply.message);
    }
  } catch (error) {
    yield put(rankingListFailed());
    yield call(showCallError, error, t.actions.getRanking);
  }
}

export function* loadRankingPaket(action: PayloadAction<number>) {
  const codepaket = action.payload;
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return;
  yield put(rankingPaketLoading(codepaket));
  try {
    const reply: RankingPaketReply = yield call(fetchRankingPaket, idSiswa, codepaket);
    if (reply.status && 'content' in reply) {
      yield put(rankingPaketLoaded({ codepaket, data: reply.content }));
    } else {
      yield put(rankingPaketLoaded({ codepaket, data: null }));
      yield call(showFailed, reply.message);
    }
  } catch (error) {
    yield put(rankingPaketFailed(codepaket));
    yield call(showCallError, error, t.actions.getRankingPaket);
  }
}

export function* loadRankingJurusan(action: PayloadAction<{ idjadwal: number; numoption: number }>) {
  const { idjadwal, numoption } = action.payload;
  const key = jurusanKey(idjadwal, numoption);
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) return;
  yield put(rankingJurusanLoading(key));
  try {
    const reply: RankingJurusanReply = yield call(fetchRankingJurusan, {
      idsiswa: idSiswa,
      idjadwal,
      numoption,
    });
    // A refused choice ("Data Pilihan Tidak Ditemukan") is the page's empty state, not a dialog.
    yield put(rankingJurusanLoaded({ key, data: reply.status && 'content' in reply ? reply.content : null }));
  } catch (error) {
    yield put(rankingJurusanFailed(key));
    yield call(showCallError, error, t.actions.getRankingPilihan);
  }
}

export function* rankingSaga() {
  yield all([
    takeLatest(rankingListRequested.type, loadRankingList),
    takeLatest(rankingPaketRequested.type, loadRankingPaket),
    takeLatest(rankingJurusanRequested.type, loadRankingJurusan),
  ]);
}
