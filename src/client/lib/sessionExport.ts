/**
 * What the Redux DevTools extension's Export writes, from the page's own history (lib/sessionHistory.ts), for a
 * problem report: `{payload, preloadedState}`, each the JSON text of the store's `serialize` replacer (which masks
 * credentials and contact data), tab-indented, no `preloadedState` when the committed state is undefined. Plain
 * JSON.stringify with the replacer writes what the extension's jsan does with `refs: false` for the store's plain
 * data (pinned by __tests__/client/shell/devtoolsExport.test.ts).
 */
import type { SessionHistory } from './sessionHistory';

type Replacer = (key: string | number, value: unknown) => unknown;

function write(history: SessionHistory, replacer: Replacer): string {
  const { actions, committedState } = history.staged;
  return JSON.stringify(
    {
      payload: JSON.stringify(actions, replacer),
      preloadedState: committedState === undefined ? undefined : JSON.stringify(committedState, replacer),
    },
    null,
    '\t',
  );
}

/** The export file's text, the history's oldest actions committed until it is at most `maxBytes` long (UTF-8). */
export function exportText(history: SessionHistory, replacer: Replacer, maxBytes: number): string {
  for (;;) {
    const text = write(history, replacer);
    const size = new TextEncoder().encode(text).length;
    if (size <= maxBytes || history.length === 0) return text;
    // Cut at the front in proportion to the excess (and at least one): a few passes at most.
    history.commitOldest(Math.max(1, Math.ceil(history.length * (1 - maxBytes / size))));
  }
}
