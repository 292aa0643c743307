/**
 * QA replays of Redux DevTools exports through the real store, reducers and root saga (README "Support").
 *
 * Accepted files:
 * - the extension's Export: `{payload: "<JSON of the actions>", preloadedState: "<JSON of the starting state>"}`;
 * - the plain form of @redux-devtools tools: `{actions: [...], preloadedState: {...}}`.
 * Actions may be plain or lifted (`{type: 'PERFORM_ACTION', action, timestamp}`). A QA engineer may add `name`,
 * `expect` (`{"tryoutPaket.isRunning": false}` on the final state) and `advanceAfterMs` (clock time after the last
 * action).
 *
 * What is replayed: the actions the screens dispatched, on the clock of the recording (`meta.at`, else the lifted
 * timestamp). Skipped: what a saga put (`meta.fromSaga`: the sagas put it again, and it is compared with the
 * recording), redux-persist's bookkeeping (`persist/PERSIST`…; `persist/REHYDRATE` is replayed, it brings the
 * stored state) and `@@` actions. The server's answers come from the recorded `api/answered` actions, in order per
 * call, at the moment they arrived; each request body is compared with the recorded one. A dialog is answered as
 * the recording says (`dialog/answered`).
 *
 * The test file must mock sweetalert2 with `replaySwal` (jest.mock hoisting is per file).
 */
import jsan from 'jsan';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { UnknownAction } from '@reduxjs/toolkit';
import { allCalls } from '../../src/contract';
import { http } from '../../src/client/api/http';
import { DENIED_ACTIONS } from '../../src/client/app/devtools';
import { isFromSaga } from '../../src/client/app/sessionRecording';
import { makeStore, type PreloadedAppState } from '../../src/client/app/store';
import { authReducer, loginRequested } from '../../src/client/features/auth/slice';
import { loginSucceeded } from '../../src/client/session/events';
import { setClock, type Clock } from '../../src/client/lib/clock';
import {
  RECORDED_MASK,
  maskRecorded,
  type ApiAnswer,
  type DialogAnswer,
} from '../../src/client/lib/recorded';

// ---------------------------------------------------------------------------------------------- the file

export interface ReplayEntry {
  action: UnknownAction;
  /** Epoch ms of the recording, when known. */
  at: number | null;
}

export interface Replay {
  name: string;
  preloadedState?: PreloadedAppState;
  entries: ReplayEntry[];
  expect?: Record<string, unknown>;
  advanceAfterMs?: number;
}

interface Lifted {
  type: 'PERFORM_ACTION';
  action: UnknownAction;
  timestamp?: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The extension writes with jsan, which may write an object met again as a reference (`{"$jsan": "$[3].payload"}`,
 * even with our `refs: false` when one key's name begins with another's); jsan.parse resolves them, as the
 * extension's Import does.
 */
const parseMaybe = (value: unknown): unknown => (typeof value === 'string' ? jsan.parse(value) : value);

/** The actions of a parsed payload: an array, or a whole lifted state (`actionsById`, `stagedActionIds`). */
function actionList(payload: unknown): unknown[] {
  if (Array.isArray(payload)) return payload;
  if (isRecord(payload) && isRecord(payload.actionsById) && Array.isArray(payload.stagedActionIds)) {
    const byId = payload.actionsById;
    return (payload.stagedActionIds as number[]).slice(1).map((id) => byId[String(id)]);
  }
  throw new Error('the payload is neither a list of actions nor a DevTools lifted state');
}

function toEntry(item: unknown, index: number): ReplayEntry {
  if (!isRecord(item)) throw new Error(`action ${index + 1} is not an object`);
  const lifted = item.type === 'PERFORM_ACTION' && isRecord(item.action) ? (item as unknown as Lifted) : null;
  const action = (lifted ? lifted.action : item) as UnknownAction;
  if (typeof action.type !== 'string') throw new Error(`action ${index + 1} has no type`);
  const meta = isRecord(action.meta) ? action.meta : {};
  const at = typeof meta.at === 'number' ? meta.at : (lifted?.timestamp ?? null);
  return { action, at };
}

/** A DevTools export (either form) as a replay; throws a sentence when the file is neither. */
export function parseReplay(raw: unknown, fallbackName: string): Replay {
  if (!isRecord(raw)) throw new Error(`${fallbackName}: not a JSON object`);
  let items: unknown[];
  if (typeof raw.payload === 'string' || Array.isArray(raw.payload))
    items = actionList(parseMaybe(raw.payload));
  else if (Array.isArray(raw.actions)) items = raw.actions;
  else
    throw new Error(
      `${fallbackName}: not a DevTools export (expected {payload, preloadedState} or {actions, preloadedState})`,
    );
  const preloaded = raw.preloadedState === undefined ? undefined : parseMaybe(raw.preloadedState);
  let preloadedState: PreloadedAppState | undefined;
  if (isRecord(preloaded)) {
    // redux-persist's own bookkeeping; the replayed store starts it again.
    const { _persist: _ignored, ...rest } = preloaded;
    preloadedState = rest as PreloadedAppState;
  }
  return {
    name: typeof raw.name === 'string' ? raw.name : fallbackName,
    preloadedState,
    entries: items.map(toEntry),
    expect: isRecord(raw.expect) ? raw.expect : undefined,
    advanceAfterMs: typeof raw.advanceAfterMs === 'number' ? raw.advanceAfterMs : undefined,
  };
}

// ------------------------------------------------------------------------------ where the session starts

export interface Start {
  /** The state the replay's store is created with (undefined: every slice's initial state, logged out). */
  state: PreloadedAppState | undefined;
  /** Where the replay starts, in words (shown beside the problems). */
  how: string;
  /** Why no start can be found, in words a QA engineer can act on; null when one was. */
  problem: string | null;
}

/** The contract's calls, each with a matcher of its path (`:param` segments captured by name). */
const callMatchers = allCalls.map((call) => ({
  method: call.method as string,
  pattern: new RegExp(`^${call.path.replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+)')}$`),
}));

/** Where the contract carries the calling student's id: the `idsiswa` path segment, `idsiswa`/`id_siswa` in a body. */
const STUDENT_FIELDS = ['idsiswa', 'id_siswa'];

/** The student id a recorded request carried, if any. */
function studentIdOf(answer: ApiAnswer): number | null {
  const call = callMatchers.find(
    (matcher) => matcher.method === answer.method && matcher.pattern.test(answer.path),
  );
  const fromPath = call ? answer.path.match(call.pattern)?.groups?.idsiswa : undefined;
  if (fromPath !== undefined && /^\d+$/.test(fromPath)) return Number(fromPath);
  if (isRecord(answer.sent))
    for (const field of STUDENT_FIELDS) {
      const value = answer.sent[field];
      if (typeof value === 'number' && Number.isInteger(value)) return value;
    }
  return null;
}

const LOGIN_TYPES = new Set([loginRequested.type, loginSucceeded.type]);

/**
 * The state a replay starts from. An export's `preloadedState` (the state the page's store was created with) is
 * taken as it is. Without one (the store had no preloaded state; the real extension then writes none), a session
 * starts at a page load: redux-persist's REHYDRATE in the actions brings the stored state, and the session comes
 * from the cookies, which no export holds. So: a recording that logs in before any call of a student starts
 * logged out; any other was already logged in, as the student whose id its requests carry (else the id of the
 * profile REHYDRATE brought back).
 */
export function startOf(replay: Replay): Start {
  const given = replay.preloadedState;
  if (given?.auth) return { state: given, how: "from the export's preloadedState", problem: null };

  const ids = new Map<number, string>();
  let login: ReplayEntry | null = null;
  let rehydratedId: number | null = null;
  for (const [index, entry] of replay.entries.entries()) {
    const { action } = entry;
    if (LOGIN_TYPES.has(action.type)) {
      login = entry;
      break;
    }
    if (action.type === 'api/answered') {
      const id = studentIdOf(action.payload as ApiAnswer);
      const answer = action.payload as ApiAnswer;
      if (id !== null && !ids.has(id)) ids.set(id, `${answer.method} ${answer.path} (action ${index + 1})`);
    }
    if (action.type === 'persist/REHYDRATE' && rehydratedId === null) {
      const id = valueAt(action.payload, 'profile.profilUser.id');
      if (typeof id === 'number') rehydratedId = id;
    }
  }
  const without = given ? 'with a preloadedState but no auth in it' : 'without a preloadedState';
  if (login && ids.size === 0)
    return {
      state: given,
      how: `logged out (the export is ${without}, and the recording logs in: ${login.action.type})`,
      problem: null,
    };
  if (ids.size > 1) {
    const list = [...ids].map(([id, where]) => `student ${id} in ${where}`).join(', ');
    return {
      state: given,
      how: 'nowhere: the recording names more than one student',
      problem:
        `the export is ${without}, and its requests name more than one student before any login (${list}). ` +
        'Record one student per export: log out and in again, or reload the page, before the next student.',
    };
  }
  const [found] = [...ids];
  const id = found ? found[0] : rehydratedId;
  if (id === null)
    return {
      state: given,
      how: 'nowhere: the recording does not say which student was logged in',
      problem:
        `the export is ${without} and has no login in its actions: the session was already logged in (its ` +
        'cookie, which no export holds), but no recorded request and no stored profile (persist/REHYDRATE) says ' +
        'which student. Export again from a build of this repository (its exports carry preloadedState), or add ' +
        '"preloadedState": {"auth": {"isLoggedIn": true, "idSiswa": <the student\'s id>}} to the file.',
    };
  const where = found ? `the id ${found[1]} carried` : 'the id of the profile persist/REHYDRATE brought back';
  return {
    state: {
      ...given,
      auth: { ...authReducer(undefined, { type: 'replay/start' }), isLoggedIn: true, idSiswa: id },
    },
    how:
      `logged in as student ${id} (the export is ${without} and has no login: the session was already logged ` +
      `in by its cookie; ${where})`,
    problem: null,
  };
}

// ------------------------------------------------------------------------------------- what an action is

export type EntryKind = 'input' | 'answer' | 'dialog' | 'output' | 'skipped';

const denied = DENIED_ACTIONS.map((pattern) => new RegExp(pattern));
export const isDenied = (type: string) => denied.some((pattern) => pattern.test(type));

export function kindOf(action: UnknownAction): EntryKind {
  if (action.type === 'api/answered') return 'answer';
  if (action.type === 'dialog/answered')
    return (action.payload as DialogAnswer).button === 'replaced' ? 'skipped' : 'dialog';
  if (action.type === 'persist/REHYDRATE') return 'input';
  if (action.type.startsWith('persist/') || action.type.startsWith('@@')) return 'skipped';
  if (isFromSaga(action)) return 'output';
  return 'input';
}

// ------------------------------------------------------------------------------------ a differences report

function show(value: unknown): string {
  const text = JSON.stringify(value);
  if (text === undefined) return 'nothing';
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * The first place where `got` differs from `expected`, in words, or null. A masked value matches anything
 * (the replay's server answers are the masked recorded ones); an epoch time (ms) matches within a second, since a replay's clock follows the recording's to the ms
 * only at recorded actions.
 */
export function firstDifference(expected: unknown, got: unknown, where = ''): string | null {
  const place = where === '' ? 'the body' : `field ${where}`;
  // Masked on one side (the recording masks what it records): nothing to compare.
  if (expected === RECORDED_MASK || got === RECORDED_MASK) return null;
  if (typeof expected === 'number' && typeof got === 'number' && expected > 1e12)
    return Math.abs(expected - got) <= 1000 ? null : `${place}: expected ${show(expected)}, got ${show(got)}`;
  if (Array.isArray(expected) || Array.isArray(got)) {
    if (!Array.isArray(expected) || !Array.isArray(got))
      return `${place}: expected ${show(expected)}, got ${show(got)}`;
    for (let index = 0; index < Math.max(expected.length, got.length); index += 1) {
      const inner = firstDifference(expected[index], got[index], `${where}[${index}]`);
      if (inner) return inner;
    }
    return null;
  }
  if (isRecord(expected) && isRecord(got)) {
    for (const key of new Set([...Object.keys(expected), ...Object.keys(got)])) {
      const inner = firstDifference(expected[key], got[key], where === '' ? key : `${where}.${key}`);
      if (inner) return inner;
    }
    return null;
  }
  return Object.is(expected, got) ||
    (expected === null && got === undefined) ||
    (expected === undefined && got === null)
    ? null
    : `${place}: expected ${show(expected)}, got ${show(got)}`;
}

// ------------------------------------------------------------------------------------------ the clock

interface Sleeper {
  at: number;
  resolve: () => void;
}

/**
 * The replay's clock: it jumps from one recorded moment to the next, and every sleep due by then wakes once (as a
 * browser's timers do after a throttled tab or a closed lid): the countdown computes from its deadline anyway.
 */
class ReplayClock implements Clock {
  private sleepers: Sleeper[] = [];
  constructor(private time: number) {}
  now = () => this.time;
  sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      this.sleepers.push({ at: this.time + Math.max(0, ms), resolve });
    });
  /** Move to `target` (never back) and wake what is due. */
  async jumpTo(target: number) {
    if (target > this.time) this.time = target;
    for (;;) {
      const due = this.sleepers.filter((sleeper) => sleeper.at <= this.time);
      if (due.length === 0) return;
      this.sleepers = this.sleepers.filter((sleeper) => sleeper.at > this.time);
      due.sort((a, b) => a.at - b.at).forEach((sleeper) => sleeper.resolve());
      await settle();
    }
  }
  /** The next moment a sleep is due, if any. */
  nextDue(): number | null {
    return this.sleepers.length === 0 ? null : Math.min(...this.sleepers.map((sleeper) => sleeper.at));
  }
}

/** Let promises and sagas run (the HTTP adapter and the dialogs answer asynchronously). */
export async function settle(rounds = 8) {
  for (let round = 0; round < rounds; round += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

// -------------------------------------------------------------------------------------------- dialogs

interface SwalResult {
  isConfirmed: boolean;
  isDenied: boolean;
  isDismissed: boolean;
  dismiss?: string;
  value?: unknown;
}

interface OpenDialog {
  title: string;
  resolve: (result: SwalResult) => void;
}

const resultOf = (button: string): SwalResult => {
  if (button === 'confirm') return { isConfirmed: true, isDenied: false, isDismissed: false, value: true };
  if (button === 'deny') return { isConfirmed: false, isDenied: true, isDismissed: false, value: false };
  return { isConfirmed: false, isDenied: false, isDismissed: true, dismiss: button };
};

/** The dialogs of the replay in progress (sweetalert2's place); `replaySwal` is the mocked module. */
class DialogDesk {
  open: OpenDialog | null = null;
  shown: string[] = [];
  /** Answers the recording gave before the replay showed their dialog. */
  waiting: DialogAnswer[] = [];
  /** Whether a dialog the recording never answers is confirmed at once (hand-written files). */
  confirmUnanswered = false;
  /** Titles the rest of the recording still answers. */
  answeredLater: (title: string) => boolean = () => false;

  fire(options: { title?: unknown }): Promise<SwalResult> {
    const title = typeof options.title === 'string' ? options.title : '';
    this.shown.push(title);
    // sweetalert2 shows one dialog at a time: the open one closes without a reason.
    if (this.open) this.open.resolve({ isConfirmed: false, isDenied: false, isDismissed: true });
    return new Promise<SwalResult>((resolve) => {
      const dialog: OpenDialog = {
        title,
        resolve: (result) => {
          if (this.open === dialog) this.open = null;
          resolve(result);
        },
      };
      this.open = dialog;
      const index = this.waiting.findIndex((answer) => answer.title === title);
      if (index >= 0) {
        const [answer] = this.waiting.splice(index, 1);
        dialog.resolve(resultOf(answer.button));
      } else if (this.confirmUnanswered && !this.answeredLater(title)) dialog.resolve(resultOf('confirm'));
    });
  }

  /** Answer the open dialog if it has this title. */
  answer(answer: DialogAnswer): boolean {
    if (!this.open || this.open.title !== answer.title) return false;
    this.open.resolve(resultOf(answer.button));
    return true;
  }

  reset() {
    this.open = null;
    this.shown = [];
    this.waiting = [];
    this.confirmUnanswered = false;
    this.answeredLater = () => false;
  }
}

const desk = new DialogDesk();

/** The module that replaces sweetalert2 in a replay's test file. */
export const replaySwal = {
  __esModule: true,
  default: { fire: (options: { title?: unknown }) => desk.fire(options) },
};

// ---------------------------------------------------------------------------------------------- HTTP

interface Request {
  number: number;
  method: string;
  path: string;
  sent: unknown;
  answer: (recorded: ApiAnswer) => void;
}

const describeCall = (call: { method: string; path: string }) => `${call.method} ${call.path}`;

function sentOf(config: InternalAxiosRequestConfig): unknown {
  const data: unknown = config.data;
  if (typeof data !== 'string') return data ?? null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return data;
  }
}

function responseFor(config: InternalAxiosRequestConfig, recorded: ApiAnswer): AxiosResponse {
  return {
    data: recorded.body,
    status: recorded.status,
    statusText: recorded.status >= 400 ? 'Error' : 'OK',
    headers: new AxiosHeaders(),
    config,
  };
}

// ------------------------------------------------------------------------------------------- the replay

export interface ReplayReport {
  /** Every difference from the recording, in the order met: the first is the first difference. */
  problems: string[];
  /** Where the replay started, in words (startOf). */
  start: string;
  state: unknown;
  /** Titles of the dialogs the replay showed. */
  dialogs: string[];
  /** Every action that reached the replay's reducers. */
  actions: UnknownAction[];
  /** How many requests the sagas sent. */
  requests: number;
}

/** How far past a recorded answer's moment the replay waits for its request or dialog (a few ms of drift). */
const DRIFT_MS = 2000;
/** Without recorded moments, how far the replay's clock may run to reach the next answer (a whole subject). */
const UNTIMED_MS = 3 * 60 * 60 * 1000;

function outputsOf(actions: UnknownAction[]) {
  return actions.filter((action) => isFromSaga(action) && !isDenied(action.type));
}

/** Replay one session; never throws for a difference, it reports it. */
export async function replaySession(replay: Replay): Promise<ReplayReport> {
  const start = startOf(replay);
  if (start.problem)
    return {
      problems: [start.problem],
      start: start.how,
      state: undefined,
      dialogs: [],
      actions: [],
      requests: 0,
    };
  const problems: string[] = [];
  const timed = replay.entries.filter((entry) => entry.at !== null);
  const clock = new ReplayClock(timed[0]?.at ?? Date.UTC(2025, 0, 6, 2, 0, 0));
  const restoreClock = setClock(clock);
  const originalAdapter = http.defaults.adapter;
  const seen: UnknownAction[] = [];

  // The recorded answers, in order; `next` walks the timeline.
  const kinds = replay.entries.map((entry) => kindOf(entry.action));
  let next = 0;
  const laterAnswers = (call: { method: string; path: string }) =>
    replay.entries.some(
      (entry, index) =>
        index >= next &&
        kinds[index] === 'answer' &&
        (entry.action.payload as ApiAnswer).method === call.method &&
        (entry.action.payload as ApiAnswer).path === call.path,
    );
  desk.reset();
  desk.answeredLater = (title) =>
    replay.entries.some(
      (entry, index) =>
        index >= next && kinds[index] === 'dialog' && (entry.action.payload as DialogAnswer).title === title,
    );

  const pending: Request[] = [];
  const released: ApiAnswer[] = [];
  let requests = 0;

  const respond = (request: Request, recorded: ApiAnswer) => {
    if (recorded.sent !== undefined) {
      const difference = firstDifference(recorded.sent, maskRecorded(request.sent));
      if (difference)
        problems.push(
          `request ${request.number} (${describeCall(request)}) differs from the recording: ${difference}`,
        );
    }
    request.answer(recorded);
  };

  http.defaults.adapter = (config) =>
    new Promise<AxiosResponse>((resolve, reject) => {
      requests += 1;
      const request: Request = {
        number: requests,
        method: (config.method ?? 'get').toUpperCase(),
        path: config.url ?? '',
        sent: sentOf(config),
        answer: (recorded) => {
          if (recorded.status === 0) {
            const code = recorded.error ?? AxiosError.ERR_NETWORK;
            reject(
              new AxiosError(code === 'ECONNABORTED' ? 'timeout exceeded' : 'Network Error', code, config),
            );
            return;
          }
          const response = responseFor(config, recorded);
          if (recorded.status >= 400) {
            const code = recorded.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
            reject(
              new AxiosError(
                `Request failed with status code ${recorded.status}`,
                code,
                config,
                {},
                response,
              ),
            );
            return;
          }
          resolve(response);
        },
      };
      const early = released.findIndex(
        (answer) => answer.method === request.method && answer.path === request.path,
      );
      if (early >= 0) {
        const [recorded] = released.splice(early, 1);
        respond(request, recorded);
      } else if (laterAnswers(request)) pending.push(request);
      else {
        problems.push(
          `request ${request.number} (${describeCall(request)}) is not in the recording (sent ${show(request.sent)})`,
        );
        reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));
      }
    });

  /** Run the clock past `from` (a sleep at a time) until `ready()` or `limit`; true when ready. */
  const waitFor = async (ready: () => boolean, limit: number) => {
    await settle();
    while (!ready()) {
      const due = clock.nextDue();
      if (due === null || due > limit) return false;
      await clock.jumpTo(due);
    }
    return true;
  };

  let stopSagas = () => {};
  // A retried save waits a jittered backoff (lib/run/outbox.ts): the replay takes its shortest wait, so a retry is
  // never sent later than it was recorded (it is then answered at the recorded moment).
  const random = jest.spyOn(Math, 'random').mockReturnValue(0);
  try {
    const store = makeStore(start.state, { observe: (action) => seen.push(action) });
    stopSagas = store.stopSagas;
    for (next = 0; next < replay.entries.length; next += 1) {
      const { action, at } = replay.entries[next];
      const kind = kinds[next];
      if (at !== null) await clock.jumpTo(at);
      const limit = at === null ? clock.now() + UNTIMED_MS : at + DRIFT_MS;
      if (kind === 'input') {
        store.dispatch(action);
        await settle();
      } else if (kind === 'answer') {
        const recorded = action.payload as ApiAnswer;
        const match = () =>
          pending.some((request) => request.method === recorded.method && request.path === recorded.path);
        const arrived = await waitFor(match, limit);
        if (arrived) {
          const index = pending.findIndex(
            (request) => request.method === recorded.method && request.path === recorded.path,
          );
          const [request] = pending.splice(index, 1);
          respond(request, recorded);
        } else released.push(recorded);
        await settle();
      } else if (kind === 'dialog') {
        const recorded = action.payload as DialogAnswer;
        const open = () => desk.open?.title === recorded.title;
        if (await waitFor(open, limit)) desk.answer(recorded);
        else desk.waiting.push(recorded);
        await settle();
      } else await settle(2);
    }
    if (replay.advanceAfterMs) {
      const until = clock.now() + replay.advanceAfterMs;
      for (let time = clock.now() + 1000; time <= until; time += 1000) await clock.jumpTo(time);
    }
    await settle();

    for (const request of pending)
      problems.push(
        `request ${request.number} (${describeCall(request)}) was sent but never answered in the recording`,
      );
    for (const answer of released)
      problems.push(
        `the recording answered ${describeCall(answer)} (status ${answer.status}), but the sagas never asked`,
      );
    for (const answer of desk.waiting)
      problems.push(
        `the recording answered the dialog "${answer.title}" (${answer.button}), but it was never shown`,
      );

    // What the sagas put, against what they put in the recording: same order, same payloads.
    const recordedOutputs = outputsOf(replay.entries.map((entry) => entry.action));
    const replayed = outputsOf(seen);
    let cursor = 0;
    for (const [index, expected] of recordedOutputs.entries()) {
      const found = replayed.findIndex(
        (action, position) => position >= cursor && action.type === expected.type,
      );
      if (found === -1) {
        problems.push(`the sagas did not put ${expected.type} (saga action ${index + 1} of the recording)`);
        break;
      }
      const difference = firstDifference(expected.payload, replayed[found].payload);
      if (difference) {
        problems.push(`the sagas put ${expected.type} (saga action ${index + 1}) differently: ${difference}`);
        break;
      }
      cursor = found + 1;
    }

    const state = store.getState();
    for (const [dotPath, value] of Object.entries(replay.expect ?? {})) {
      const difference = firstDifference(value, valueAt(state, dotPath), dotPath);
      if (difference) problems.push(`final state: ${difference}`);
    }
    return { problems, start: start.how, state, dialogs: [...desk.shown], actions: seen, requests };
  } finally {
    // The outbox retries a failed save until the attempt's window ends: nothing of this replay may outlive it.
    stopSagas();
    random.mockRestore();
    http.defaults.adapter = originalAdapter;
    restoreClock();
    for (const request of pending.splice(0))
      request.answer({ method: '', path: '', sent: null, status: 0, body: null });
    desk.open?.resolve({ isConfirmed: false, isDenied: false, isDismissed: true });
    desk.reset();
  }
}

/** What each kind of problem means and what to do about it, by the words its message starts or ends with. */
const ADVICE: { matches: (problem: string) => boolean; advice: string }[] = [
  {
    matches: (problem) => problem.endsWith('but the sagas never asked'),
    advice:
      'The recording answered a request the replay never sent. When it is the first problem, the replay did not ' +
      'reach the state the recording was in: check where it started (above). An export that does not begin at a ' +
      'page load (persist/PERSIST, persist/REHYDRATE) and has no preloadedState lacks its beginning: record again ' +
      'from a page load, with DevTools open before the page loads.',
  },
  {
    matches: (problem) => / is not in the recording /.test(problem),
    advice:
      'The app sent a request the recording never answered: the app asks the server for more than when it was ' +
      'recorded. If that change is intended, record the flow again; if not, it is a regression.',
  },
  {
    matches: (problem) =>
      / differs from the recording: | differently: |^the sagas did not put /.test(problem),
    advice:
      'The app now behaves differently from the recording (the body it sends, or what its sagas put). If that ' +
      'change is intended, record the flow again; if not, it is a regression: the field named is where it starts.',
  },
  {
    matches: (problem) => /but it was never shown$/.test(problem),
    advice: 'A dialog the student answered in the recording did not open in the replay.',
  },
  {
    matches: (problem) => problem.startsWith('final state: '),
    advice: 'The final state differs from what the file pins under "expect".',
  },
];

/** A replay's outcome for a QA engineer: where it started, each problem, and what the first problems mean. */
export function explain(name: string, report: ReplayReport): string {
  if (report.problems.length === 0) return `${name} replays as recorded (it started ${report.start}).`;
  const advice = [
    ...new Set(
      report.problems.flatMap((problem) =>
        ADVICE.filter((entry) => entry.matches(problem)).map((entry) => entry.advice),
      ),
    ),
  ];
  return [
    `${name} does not replay as recorded. The replay started ${report.start}.`,
    ...report.problems.map((problem, index) => `${index + 1}. ${problem}`),
    ...advice.map((line) => `- ${line}`),
  ].join('\n');
}

export function valueAt(state: unknown, dotPath: string): unknown {
  return dotPath.split('.').reduce<unknown>((value, key) => {
    if (value === null || value === undefined) return undefined;
    return (value as Record<string, unknown>)[key];
  }, state);
}
