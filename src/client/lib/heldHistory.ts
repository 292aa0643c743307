/**
 * A history that can hold a navigation until the page decides on it, what react-router's `useBlocker` does in a
 * data router, without the data router (about 17 KB gzip that /login would load for the running tryout's guards
 * alone). Every navigation of the app goes through it: links and `navigate()` call its push and replace; the
 * browser's back and forward buttons arrive as a POP, which is undone at once and redone if the page lets it go.
 */
import { parsePath, type Location, type To, type UNSAFE_createBrowserHistory } from 'react-router-dom';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;
type Update = Parameters<Parameters<History['listen']>[0]>[0];

/** Whether to hold the navigation from `currentLocation` (the one shown) to `nextLocation`. */
export type HoldFunction = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

/** The state of a hold, as `useBlocker` reports it: a held navigation goes on with `proceed`, or is dropped. */
export type Hold =
  | { state: 'unblocked'; location?: undefined }
  | { state: 'blocked'; location: Location; proceed(): void; reset(): void };

export const UNBLOCKED: Hold = { state: 'unblocked' };

export interface HeldHistory extends History {
  /**
   * Hold the navigations `when` says, reporting each held one (and its end) to `report`; returns the release.
   * One hold at a time (one running sheet is shown at a time): a newer one replaces the older.
   */
  hold(when: HoldFunction, report: (hold: Hold) => void): () => void;
}

/** The location a push or replace to `to` leads to (its target is already resolved by react-router). */
function locationOf(to: To, state: unknown, current: Location): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return {
    pathname: path.pathname ?? current.pathname,
    search: path.search ?? '',
    hash: path.hash ?? '',
    state: state ?? null,
    key: 'held',
  };
}

/** `inner` (a browser or memory history made with `v5Compat: true`), with holds. */
export function holdable(inner: History): HeldHistory {
  let current: { when: HoldFunction; report: (hold: Hold) => void } | null = null;
  /** The location the router shows: during a POP the inner history is already elsewhere. */
  let shown = inner.location;
  /** The next POP is our own: undoing a held back/forward (the router never saw it), or redoing it. */
  let ownPop: 'undo' | 'redo' | null = null;

  const holds = (nextLocation: Location) =>
    current !== null && current.when({ currentLocation: shown, nextLocation });

  /** Reports a held navigation; `go` performs it once the page lets it go. */
  const block = (location: Location, go: () => void) => {
    const holder = current;
    if (!holder) return;
    holder.report({
      state: 'blocked',
      location,
      proceed: () => {
        holder.report(UNBLOCKED);
        go();
      },
      reset: () => holder.report(UNBLOCKED),
    });
  };

  return {
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push(to, state) {
      const next = locationOf(to, state, shown);
      if (holds(next)) block(next, () => inner.push(to, state));
      else inner.push(to, state);
    },
    replace(to, state) {
      const next = locationOf(to, state, shown);
      if (holds(next)) block(next, () => inner.replace(to, state));
      else inner.replace(to, state);
    },
    go: (delta) => inner.go(delta),
    listen(listener) {
      const show = (update: Update) => {
        shown = update.location;
        listener(update);
      };
      return inner.listen((update) => {
        if (update.action === 'POP' && ownPop === 'undo') {
          ownPop = null;
          return;
        }
        if (update.action === 'POP' && ownPop === 'redo') {
          ownPop = null;
          show(update);
          return;
        }
        const { delta } = update;
        // A POP without a distance (an entry this history did not write) cannot be undone: it goes.
        if (update.action === 'POP' && delta !== null && delta !== 0 && holds(update.location)) {
          ownPop = 'undo';
          inner.go(-delta);
          block(update.location, () => {
            ownPop = 'redo';
            inner.go(delta);
          });
          return;
        }
        show(update);
      });
    },
    hold(when, report) {
      const holder = { when, report };
      current = holder;
      return () => {
        if (current === holder) current = null;
      };
    },
  };
}
