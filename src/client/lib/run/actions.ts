/** The actions every tryout kind's run answers to, named after the feature's slice ('tryoutPaket/sheetOpened'). */
import { createAction, type UnknownAction } from '@reduxjs/toolkit';

export function createRunActions<Target, Sheet>(feature: string) {
  return {
    /** The start button of a run (the engine asks for confirmation). */
    startRequested: createAction<Target>(`${feature}/startRequested`),
    /** The sheet page mounted: the engine checks the run and runs its clock. */
    sheetOpened: createAction<Sheet>(`${feature}/sheetOpened`),
    /** The sheet page unmounted: its session ends (the run goes on). */
    sheetClosed: createAction(`${feature}/sheetClosed`),
    /** "Selesaikan Ujian" (the engine asks for confirmation). */
    finishRequested: createAction(`${feature}/finishRequested`),
    /** Confirmed: remaining time becomes 0 and the time-up flow runs. */
    finishConfirmed: createAction(`${feature}/finishConfirmed`),
  };
}

/** What the engine needs of them: the types it listens to and the confirmation it puts. */
export interface RunActionTypes {
  startRequested: { type: string };
  sheetOpened: { type: string };
  sheetClosed: { type: string };
  finishRequested: { type: string };
  finishConfirmed(): UnknownAction;
}
