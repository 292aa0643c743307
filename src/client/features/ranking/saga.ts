import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeLatest } from 'typed-redux-saga';
import { fetchRankingJurusan, fetchRankingPaket, fetchRankingPaketList } from '../../api/ranking';
import { showCallError } from '../../components/dialogs';
import { loadContent } from '../../lib/loadContent';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { RANKING_PER_HALAMAN_TAMPILAN } from './params';
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
  rankingTerkunci,
} from './slice';
import { safely } from '../../lib/safely';
import { callRead } from '../../lib/readRetry';
import { terkunciOf } from '../../lib/terkunci';

const t = text.ranking;

export function* loadRankingList() {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(rankingListLoading());
  yield* loadContent(fetchRankingPaketList, [idSiswa], {
    loaded: rankingListLoaded,
    failed: rankingListFailed(),
    action: t.actions.getRanking,
  });
}

export function* loadRankingPaket(action: PayloadAction<{ codepaket: number; halaman: number }>) {
  const { codepaket, halaman } = action.payload;
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(rankingPaketLoading(codepaket));
  const page = { halaman, per_halaman: RANKING_PER_HALAMAN_TAMPILAN };
  yield* loadContent(fetchRankingPaket, [idSiswa, codepaket, page], {
    loaded: (data) => rankingPaketLoaded({ codepaket, data: { ...data, halaman } }),
    // A refusal is the page's empty state; a running TO Akbar event's says when its ranking opens.
    refused: rankingPaketLoaded({ codepaket, data: null }),
    terkunci: (message) => rankingTerkunci({ idjadwal: codepaket, message }),
    failed: rankingPaketFailed(codepaket),
    action: t.actions.getRankingPaket,
  });
}

export function* loadRankingJurusan(
  action: PayloadAction<{ idjadwal: number; numoption: number; halaman: number }>,
) {
  const { idjadwal, numoption, halaman } = action.payload;
  const key = jurusanKey(idjadwal, numoption);
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) return;
  yield* put(rankingJurusanLoading(key));
  try {
    const reply = yield* callRead(fetchRankingJurusan, {
      idsiswa: idSiswa,
      idjadwal,
      numoption,
      halaman,
      per_halaman: RANKING_PER_HALAMAN_TAMPILAN,
    });
    // A refused choice ("Data Pilihan Tidak Ditemukan") is the page's empty state, not a dialog; a running TO Akbar
    // event's refusal says when its ranking opens.
    const data = reply.status && 'content' in reply ? { ...reply.content, halaman } : null;
    const terkunci = terkunciOf(reply);
    if (terkunci !== null) yield* put(rankingTerkunci({ idjadwal, message: terkunci }));
    yield* put(rankingJurusanLoaded({ key, data }));
  } catch (error) {
    yield* put(rankingJurusanFailed(key));
    yield* call(showCallError, error, t.actions.getRankingPilihan);
  }
}

export function* rankingSaga() {
  yield* takeLatest(rankingListRequested.type, safely(loadRankingList));
  yield* takeLatest(rankingPaketRequested.type, safely(loadRankingPaket));
  yield* takeLatest(rankingJurusanRequested.type, safely(loadRankingJurusan));
}
