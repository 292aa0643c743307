/**
 * A stand-in for the Redux DevTools browser extension, injected into a page before its scripts run: the same
 * globals the extension injects (`__REDUX_DEVTOOLS_EXTENSION_COMPOSE__`, and `__REDUX_DEVTOOLS_EXTENSION__` with
 * `connect`), recording as the extension's instrument does, and an Export that writes what the extension's Export
 * button writes: `{payload: "<JSON of the staged actions>", preloadedState: "<JSON of the committed state>"}`,
 * unsanitized (the extension applies its sanitizers to what it shows, not to Export). History keeps `maxAge`
 * actions; actions matched by `actionsDenylist` are hidden from the history and do not count against it.
 */
import type { Page } from './browser';

/** What the page-side recorder exposes as `window.__fakeDevtools`. */
export interface FakeDevtoolsHandle {
  /** The options the store passed (functions dropped). */
  options(): { name?: string; maxAge?: number; actionsDenylist?: string[] } | null;
  /** The extension's Export file, as text. */
  exportState(): string;
  /** The types DevTools would list in its history (denied ones hidden). */
  history(): string[];
  /** Every type the store received, denied ones included. */
  received(): string[];
}

/** Runs inside the page (serialized by playwright): keep it self-contained. */
function installInPage() {
  type Action = { type: string };
  type Reducer = (state: unknown, action: Action) => unknown;
  interface Store {
    getState(): unknown;
    dispatch(action: Action): unknown;
    subscribe(listener: () => void): () => void;
    replaceReducer(next: Reducer): void;
  }
  type CreateStore = (reducer: Reducer, preloaded?: unknown) => Store;
  type Enhancer = (next: CreateStore) => CreateStore;
  interface Options {
    name?: string;
    maxAge?: number;
    actionsDenylist?: string | string[];
  }
  interface Staged {
    action: Action;
    state: unknown;
    denied: boolean;
  }

  let options: Options | null = null;
  let committedState: unknown;
  let staged: Staged[] = [];
  const received: string[] = [];

  const compose =
    (...enhancers: Enhancer[]): Enhancer =>
    (next) =>
      enhancers.reduceRight((created, enhancer) => enhancer(created), next);

  const devtoolsEnhancer =
    (config: Options = {}): Enhancer =>
    (createStore) =>
    (reducer, preloaded) => {
      options = JSON.parse(JSON.stringify(config)) as Options;
      const list = config.actionsDenylist;
      const deny = list ? new RegExp(([] as string[]).concat(list).join('|')) : null;
      const maxAge = config.maxAge ?? 50;
      const store = createStore(reducer, preloaded);
      committedState = store.getState();
      staged = [];
      const dispatch = (action: Action) => {
        const result = store.dispatch(action);
        received.push(action.type);
        staged.push({ action, state: store.getState(), denied: deny !== null && deny.test(action.type) });
        // Like the extension: the oldest actions are committed once more than maxAge − 1 are shown.
        while (staged.filter((entry) => !entry.denied).length > maxAge - 1) {
          const oldest = staged.shift();
          if (oldest) committedState = oldest.state;
        }
        return result;
      };
      return { ...store, dispatch };
    };

  const extensionCompose =
    (config: Options = {}) =>
    (...enhancers: Enhancer[]): Enhancer =>
      compose(...enhancers, devtoolsEnhancer(config));

  const extension = Object.assign((config?: Options) => devtoolsEnhancer(config), {
    connect: (config: Options = {}) => {
      options = config;
      return {
        init: (state: unknown) => {
          committedState = state;
          staged = [];
        },
        send: (action: Action | string, state: unknown) => {
          const typed = typeof action === 'string' ? { type: action } : action;
          received.push(typed.type);
          staged.push({ action: typed, state, denied: false });
        },
        subscribe: () => () => undefined,
        unsubscribe: () => undefined,
        error: () => undefined,
      };
    },
    disconnect: () => undefined,
    open: () => undefined,
    notifyErrors: () => undefined,
  });

  const handle: FakeDevtoolsHandle = {
    options: () => options as ReturnType<FakeDevtoolsHandle['options']>,
    exportState: () =>
      JSON.stringify(
        {
          payload: JSON.stringify(staged.map((entry) => entry.action)),
          preloadedState: JSON.stringify(committedState),
        },
        null,
        '\t',
      ),
    history: () => staged.filter((entry) => !entry.denied).map((entry) => entry.action.type),
    received: () => [...received],
  };
  const target = window as unknown as Record<string, unknown>;
  target.__REDUX_DEVTOOLS_EXTENSION__ = extension;
  target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = extensionCompose;
  target.__fakeDevtools = handle;
}

/** Inject the stand-in into every document the page loads from now on. */
export async function installFakeDevtools(page: Page): Promise<void> {
  await page.addInitScript(installInPage);
}

type Query = 'options' | 'exportState' | 'history' | 'received';

/** Ask the page's recorder. */
export function devtools<K extends Query>(page: Page, query: K): Promise<ReturnType<FakeDevtoolsHandle[K]>> {
  return page.evaluate(
    (name) => (window as unknown as { __fakeDevtools: Record<string, () => unknown> }).__fakeDevtools[name](),
    query,
  ) as Promise<ReturnType<FakeDevtoolsHandle[K]>>;
}
