import { jurusanKey, type Loaded, type RankingState } from './slice';

type WithRanking = { ranking: RankingState };

export const selectRankingList = (state: WithRanking) => state.ranking.listPaket;
export const selectRankingListStatus = (state: WithRanking) => state.ranking.listStatus;

/** What a page shows for its own key: the data, or nothing while another key's data is in the store. */
export interface PageData<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
}

function forKey<T>(loaded: Loaded<T>, key: string): PageData<T> {
  if (loaded.key !== key) return { data: null, loading: true, failed: false };
  return {
    data: loaded.data,
    loading: loaded.status === 'loading' || loaded.status === 'idle',
    failed: loaded.status === 'failed',
  };
}

export const selectRankingPaket = (state: WithRanking, codepaket: number) =>
  forKey(state.ranking.paket, String(codepaket));

export const selectRankingJurusan = (state: WithRanking, idjadwal: number, numoption: number) =>
  forKey(state.ranking.jurusan, jurusanKey(idjadwal, numoption));
