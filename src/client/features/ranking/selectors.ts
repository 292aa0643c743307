import { forKey } from '../../lib/loaded';
import { jurusanKey, type RankingState } from './slice';

type WithRanking = { ranking: RankingState };

export const selectRankingList = (state: WithRanking) => state.ranking.listPaket;
export const selectRankingListStatus = (state: WithRanking) => state.ranking.listStatus;

export const selectRankingPaket = (state: WithRanking, codepaket: number) =>
  forKey(state.ranking.paket, String(codepaket));

export const selectRankingJurusan = (state: WithRanking, idjadwal: number, numoption: number) =>
  forKey(state.ranking.jurusan, jurusanKey(idjadwal, numoption));

/** The sentence saying when the schedule's rankings open, while its TO Akbar event keeps them; else undefined. */
export const selectRankingTerkunci = (state: WithRanking, idjadwal: number): string | undefined =>
  state.ranking.terkunci[idjadwal];
