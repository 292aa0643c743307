import { selectTryoutMateriIsRunning, type TryoutMateriState } from '../features/tryoutMateri/slice';
import { selectTryoutPaketIsRunning, type TryoutPaketState } from '../features/tryoutPaket/slice';

/** A package or per-topic tryout is running: logout is blocked and closing the page warns (spec §2, §4). */
export const selectIsTryoutRunning = (state: {
  tryoutPaket: TryoutPaketState;
  tryoutMateri: TryoutMateriState;
}) => selectTryoutPaketIsRunning(state) || selectTryoutMateriIsRunning(state);
