/**
 * The page load's history as Redux DevTools keeps it, kept by the page itself so that a student's problem report
 * carries it without the extension (README "Support"). Recorded as the extension's instrument records: each action
 * as it reaches the reducers (stamped and tagged by the middleware) with the state after it; the committed state is
 * what the store was created with until the oldest actions are committed, once more than `maxAge − 1` are shown;
 * denied actions (the clock's tick) are kept but neither shown nor counted. `exportText` writes what the
 * extension's Export writes from that: `{payload, preloadedState}`, each the JSON text of the store's `serialize`
 * replacer (which masks credentials and contact data), tab-indented.
 */
import type { Action, StoreEnhancer } from '@reduxjs/toolkit';

export interface HistorySettings {
  maxAge: number;
  /** Patterns of action types hidden from the history (DevTools' actionsDenylist). */
  denylist: readonly string[];
  replacer: (key: string | number, value: unknown) => unknown;
}

interface Staged {
  action: Action;
  state: unknown;
  denied: boolean;
}

export class SessionHistory {
  private committedState: unknown;
  private staged: Staged[] = [];
  private readonly deny: RegExp | null;

  constructor(private readonly settings: HistorySettings) {
    this.deny = settings.denylist.length > 0 ? new RegExp(settings.denylist.join('|')) : null;
  }

  /** A new store: its history starts from what it was created with. */
  start(preloaded: unknown): void {
    this.committedState = preloaded;
    this.staged = [];
  }

  record(action: Action, state: unknown): void {
    this.staged.push({ action, state, denied: this.deny?.test(action.type) ?? false });
    let shown = this.staged.filter((entry) => !entry.denied).length;
    while (shown > this.settings.maxAge - 1) {
      const oldest = this.commitOldest();
      if (oldest && !oldest.denied) shown -= 1;
    }
  }

  /** The export file's text, its oldest actions committed until it is at most `maxBytes` long (UTF-8). */
  exportText(maxBytes: number): string {
    for (;;) {
      const text = this.write();
      const size = new TextEncoder().encode(text).length;
      if (size <= maxBytes || this.staged.length === 0) return text;
      // Cut at the front in proportion to the excess (and at least one): a few passes at most.
      const cut = Math.max(1, Math.ceil(this.staged.length * (1 - maxBytes / size)));
      for (let i = 0; i < cut; i++) this.commitOldest();
    }
  }

  private commitOldest(): Staged | undefined {
    const oldest = this.staged.shift();
    if (oldest) this.committedState = oldest.state;
    return oldest;
  }

  private write(): string {
    const { replacer } = this.settings;
    return JSON.stringify(
      {
        payload: JSON.stringify(
          this.staged.map((entry) => entry.action),
          replacer,
        ),
        preloadedState:
          this.committedState === undefined ? undefined : JSON.stringify(this.committedState, replacer),
      },
      null,
      '\t',
    );
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
