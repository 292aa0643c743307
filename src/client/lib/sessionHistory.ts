/**
 * The page load's history as Redux DevTools keeps it, kept by the page itself so that a student's problem report
 * carries it without the extension (README "Support"). Recorded as the extension's instrument records: each action
 * as it reaches the reducers (stamped and tagged by the middleware) with the state after it; the committed state is
 * what the store was created with until the oldest actions are committed, once more than `maxAge − 1` are shown;
 * denied actions (the clock's tick) are kept but neither shown nor counted. lib/sessionExport.ts writes what the
 * extension's Export writes from that; it loads with the layout, off the login page's bundle.
 */
import type { Action, StoreEnhancer } from '@reduxjs/toolkit';

export interface HistorySettings {
  maxAge: number;
  /** Patterns of action types hidden from the history (DevTools' actionsDenylist). */
  denylist: readonly string[];
}

interface Staged {
  action: Action;
  state: unknown;
  denied: boolean;
}

export class SessionHistory {
  private committedState: unknown;
  private entries: Staged[] = [];
  /** Entries not denied: what DevTools shows, and counts against maxAge. */
  private shown = 0;
  private readonly deny: RegExp | null;

  constructor(private readonly settings: HistorySettings) {
    this.deny = settings.denylist.length > 0 ? new RegExp(settings.denylist.join('|')) : null;
  }

  /** A new store: its history starts from what it was created with. */
  start(preloaded: unknown): void {
    this.committedState = preloaded;
    this.entries = [];
    this.shown = 0;
  }

  record(action: Action, state: unknown): void {
    const denied = this.deny?.test(action.type) ?? false;
    this.entries.push({ action, state, denied });
    if (!denied) this.shown += 1;
    while (this.shown > this.settings.maxAge - 1) this.commitOldest();
  }

  /** What Export writes from: the staged actions and the committed state (lib/sessionExport.ts writes it). */
  get staged(): { actions: Action[]; committedState: unknown } {
    return { actions: this.entries.map((entry) => entry.action), committedState: this.committedState };
  }

  /** Commits the `count` oldest actions (their state becomes the committed one), to cut the history at the front. */
  commitOldest(count = 1): void {
    for (let i = 0; i < count; i++) {
      const oldest = this.entries.shift();
      if (!oldest) return;
      this.committedState = oldest.state;
      if (!oldest.denied) this.shown -= 1;
    }
  }

  get length(): number {
    return this.entries.length;
  }
}
/** A store enhancer that records every store it creates into `history`. */
export function recordInto(history: SessionHistory): StoreEnhancer {
  return (createStore) => (reducer, preloaded) => {
    const store = createStore(reducer, preloaded);
    history.start(preloaded);
    const dispatch: typeof store.dispatch = (action) => {
      const result = store.dispatch(action);
      history.record(action, store.getState());
      return result;
    };
    return { ...store, dispatch };
  };
}
