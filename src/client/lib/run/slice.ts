/**
 * The run engine's state, shared by package and per-topic tryouts (only one runs at a time): the running clock,
 * the answers not yet acknowledged by the server (the outbox, persisted so a reload resends them) and the
 * verdict on a held navigation.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The answer to a blocked navigation (the page proceeds or resets its react-router blocker). */
export type LeaveVerdict = 'idle' | 'pending' | 'allowed' | 'denied';

/** One question whose local answer the server does not hold yet. */
export interface PendingSave {
  /** Which configuration sends it ('paket', 'materi'). */
  kind: string;
  /** The question; one entry per question, so a later answer replaces an earlier one not yet sent. */
  slot: string;
  /** What the request needs besides the answer (ids, question type); JSON. */
  context: Record<string, string | number>;
  /** The answer as the sheet shows it. */
  value: unknown;
  /** The last answer the server acknowledged: what a rollback returns to. */
  acked: unknown;
  /** Grows with every new answer of the question, so the worker notices it was superseded. */
  seq: number;
}

/** One state shape for a running clock: a deadline (epoch ms) and the whole seconds shown. */
export interface RunClock {
  deadline: number | null;
  sisaWaktu: number | null;
}

/** The server takes a subject's answers up to 30 s after its time is up (the grace). */
export const SERVER_GRACE_MS = 30_000;
/** Of that grace, what the close of the subject keeps for itself: the outbox gives up this much earlier. */
export const CLOSE_MARGIN_MS = 5_000;

/** The deadline of the clock a sheet runs, with the sheet it belongs to. */
export interface KeptDeadline {
  /** Which sheet ('paket:3:abc:15', 'materi:7'): another sheet's deadline is never taken. */
  sheet: string;
  deadline: number;
}

export interface RunState {
  clock: RunClock;
  /** Persisted (unlike `clock`): a reload without network counts on to the deadline the server's count gave.
   * Gone with the clock (the sheet left or closed). */
  kept: KeptDeadline | null;
  /** Until when (epoch ms) the running attempt can still take an answer; null while no clock has run. Kept when
   * the clock stops at time-up: the answers still queued then have the grace to arrive. */
  acceptsUntil: number | null;
  outbox: PendingSave[];
  /** True while saves fail on transport (the sheet's calm offline banner); false again at any answered call. */
  networkFailing: boolean;
  leave: LeaveVerdict;
}

export const runInitialState: RunState = {
  clock: { deadline: null, sisaWaktu: null },
  kept: null,
  acceptsUntil: null,
  outbox: [],
  networkFailing: false,
  leave: 'idle',
};

/** The last moment the outbox tries an answer for a clock ending at `deadline`. */
const acceptsUntilOf = (deadline: number | null) =>
  deadline === null ? null : deadline + SERVER_GRACE_MS - CLOSE_MARGIN_MS;

const runSlice = createSlice({
  name: 'run',
  initialState: runInitialState,
  reducers: {
    clockSet(state, action: PayloadAction<RunClock>) {
      state.clock = action.payload;
      state.acceptsUntil = acceptsUntilOf(action.payload.deadline);
    },
    /** The running clock belongs to `sheet`: its deadline is kept for a reload without network. */
    deadlineKept(state, action: PayloadAction<KeptDeadline>) {
      state.kept = action.payload;
    },
    /** A sync found that the server counts less: the deadline moves earlier. */
    deadlineMoved(state, action: PayloadAction<number>) {
      state.clock.deadline = action.payload;
      if (state.kept) state.kept.deadline = action.payload;
      state.acceptsUntil = acceptsUntilOf(action.payload);
    },
    clockTicked(state, action: PayloadAction<number>) {
      state.clock.sisaWaktu = action.payload;
    },
    /** `sisaWaktu` 0: time is up, and the answers still queued keep their grace; null: the clock is gone (the
     * subject closed or the sheet left), and so is the window of its answers. */
    clockStopped(state, action: PayloadAction<{ sisaWaktu: number | null }>) {
      state.clock = { deadline: null, sisaWaktu: action.payload.sisaWaktu };
      if (action.payload.sisaWaktu === null) {
        state.acceptsUntil = null;
        state.kept = null;
      }
    },
    /** An answer given on the sheet: queued, replacing an unsent earlier answer of the same question. */
    saveQueued(state, action: PayloadAction<Omit<PendingSave, 'seq' | 'acked'> & { current: unknown }>) {
      const { current, ...save } = action.payload;
      const existing = state.outbox.find((item) => item.kind === save.kind && item.slot === save.slot);
      if (existing) {
        existing.value = save.value;
        existing.context = save.context;
        existing.seq += 1;
      } else {
        // Nothing pending for this question: what the sheet showed is what the server holds.
        state.outbox.push({ ...save, acked: current, seq: 1 });
      }
    },
    /** The server holds `acked` now; when that is the latest answer, the question leaves the outbox. */
    saveAcked(
      state,
      action: PayloadAction<{ kind: string; slot: string; seq: number; acked: unknown; done: boolean }>,
    ) {
      const { kind, slot, seq, acked, done } = action.payload;
      const index = state.outbox.findIndex((item) => item.kind === kind && item.slot === slot);
      if (index === -1) return;
      if (done && state.outbox[index].seq === seq) state.outbox.splice(index, 1);
      else state.outbox[index].acked = acked;
    },
    /** Given up (the server refused, or every retry failed): the caller rolls the sheet back to `acked`. */
    saveDropped(state, action: PayloadAction<{ kind: string; slot: string; seq: number }>) {
      const { kind, slot, seq } = action.payload;
      state.outbox = state.outbox.filter(
        (item) => !(item.kind === kind && item.slot === slot && item.seq === seq),
      );
    },
    /** A save failed on transport: the network is failing (or the browser is offline). */
    networkFailed(state) {
      state.networkFailing = true;
    },
    /** A call was answered, or the browser says it is back online: waiting saves go at once. */
    networkBack(state) {
      state.networkFailing = false;
    },
    /** The run is over (ended, or cannot go on): nothing of it is sent any more. */
    outboxCleared(state, action: PayloadAction<{ kind: string }>) {
      state.outbox = state.outbox.filter((item) => item.kind !== action.payload.kind);
    },
    /** The page's blocker stopped a navigation; `saveTime` asks to save the remaining time first. */
    leaveRequested(state, _action: PayloadAction<{ kind: string; saveTime: boolean }>) {
      state.leave = 'pending';
    },
    leaveResolved(state, action: PayloadAction<'allowed' | 'denied'>) {
      state.leave = action.payload;
    },
    leaveSettled(state) {
      state.leave = 'idle';
    },
  },
});

export const {
  clockSet,
  deadlineKept,
  deadlineMoved,
  clockTicked,
  clockStopped,
  saveQueued,
  saveAcked,
  saveDropped,
  outboxCleared,
  networkFailed,
  networkBack,
  leaveRequested,
  leaveResolved,
  leaveSettled,
} = runSlice.actions;

export const runReducer = runSlice.reducer;

type WithRun = { run: RunState };
export const selectDeadline = (state: WithRun) => state.run.clock.deadline;
export const selectKeptDeadline = (state: WithRun) => state.run.kept;
export const selectSisaWaktu = (state: WithRun) => state.run.clock.sisaWaktu;
export const selectLeaveVerdict = (state: WithRun) => state.run.leave;
export const selectOutbox = (state: WithRun) => state.run.outbox;
export const selectAcceptsUntil = (state: WithRun) => state.run.acceptsUntil;
export const selectNetworkFailing = (state: WithRun) => state.run.networkFailing;
export const selectPendingCount = (state: WithRun, kind: string) =>
  state.run.outbox.reduce((count, item) => (item.kind === kind ? count + 1 : count), 0);
