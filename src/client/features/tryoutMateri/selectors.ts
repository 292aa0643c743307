import type { TryoutMateriState } from './slice';

type WithTryoutMateri = { tryoutMateri: TryoutMateriState };

export const selectTryoutMateri = (state: WithTryoutMateri) => state.tryoutMateri;
