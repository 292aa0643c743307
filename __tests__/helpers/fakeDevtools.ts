/**
 * A stand-in for the Redux DevTools browser extension, injected into a page before its scripts run: the same
 * globals the extension injects (`__REDUX_DEVTOOLS_EXTENSION_COMPOSE__`, and `__REDUX_DEVTOOLS_EXTENSION__` with
 * `connect`), recording as the extension's instrument does: the actions as they reach the store, and the committed
 * state, which is the preloaded state the store was created with (undefined without one) until `maxAge` commits
 * the oldest actions. History keeps `maxAge` actions; actions matched by `actionsDenylist` are hidden from the
 * history and do not count against it (Export still writes them, as the extension's does). `exportFile` writes
 * what the extension's Export button writes from that (helpers/devtoolsExport.ts): serialized with the store's
 * `serialize` option, never with the sanitizers; no `preloadedState` when the committed state is undefined.
 */
import type { Page } from './browser';
import { devToolsOptions } from '../../src/client/app/devtools';
import { extensionExportFile, type DevtoolsHistory } from './devtoolsExport';

/** The options the store passed, as JSON (a function is named by its type). */
export interface SeenOptions {
  name?: string;
  maxAge?: number;
  actionsDenylist?: string[];
  serialize?: { options?: unknown; replacer?: string };
}

/** What the page-side recorder exposes as `window.__fakeDevtools`. */
export interface FakeDevtoolsHandle {
  options(): SeenOptions | null;
  /** What Export writes from: the staged actions and the committed state. */
  staged(): DevtoolsHistory;
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
    serialize?: { options?: unknown; replacer?: unknown };
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
      if (config.serialize && options.serialize)
        options.serialize.replacer = typeof config.serialize.replacer;
      const list = config.actionsDenylist;
      const deny = list ? new RegExp(([] as string[]).concat(list).join('|')) : null;
      const maxAge = config.maxAge ?? 50;
      const store = createStore(reducer, preloaded);
      // The instrument's committedState: what the store was created with, nothing when it was created with nothing.
      committedState = preloaded;
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
    staged: () => ({ actions: staged.map((entry) => entry.action), committedState }),
    history: () => staged.filter((entry) => !entry.denied).map((entry) => entry.action.type),
    received: () => [...received],
  };
  const target = window as unknown as Record<string, unknown>;
  target.__REDUX_DEVTOOLS_EXTENSION__ = extension;
  target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = extensionCompose;
  target.__fakeDevtools = handle;
}

/** Install the stand-in in this window (the page's, or jsdom's in a client test). */
export const installFakeDevtoolsHere = installInPage;

/** Inject the stand-in into every document the page loads from now on. */
export async function installFakeDevtools(page: Page): Promise<void> {
  await page.addInitScript(installInPage);
}

type Query = 'options' | 'staged' | 'history' | 'received';

/** Ask the page's recorder. */
export function devtools<K extends Query>(page: Page, query: K): Promise<ReturnType<FakeDevtoolsHandle[K]>> {
  return page.evaluate(
    (name) => (window as unknown as { __fakeDevtools: Record<string, () => unknown> }).__fakeDevtools[name](),
    query,
  ) as Promise<ReturnType<FakeDevtoolsHandle[K]>>;
}

/** The file the extension's Export button would write now, with the app's DevTools options. */
export async function exportFile(page: Page): Promise<string> {
  return extensionExportFile(await devtools(page, 'staged'), devToolsOptions);
}
