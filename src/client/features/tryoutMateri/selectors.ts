import type { TryoutMateriState } from './slice';

export type WithTryoutMateri = { tryoutMateri: TryoutMateriState };

export const selectTryoutMateri = (state: WithTryoutMateri) => state.tryoutMateri;
