/**
 * QA replays: every `__tests__/client/replays/*.json` is replayed through the real store, reducers and root saga.
 *
 * A file: `{name, preloadedState?, actions, api, expect, expectDialogs?, advanceAfterMs?}`.
 * - `actions`: what the screens dispatched, as Redux DevTools exports them — plain actions, or DevTools entries
 *   `{type: 'PERFORM_ACTION', action, timestamp}`, whose timestamps move the test clock between actions. Actions the
 *   sagas put themselves (results, ticks) may stay in the file: they are skipped, the sagas put them again.
 * - `api`: the answers the calls met, in order: `{method, url, status, body}` (url without /api). A call that
 *   differs from the next recorded one, or a recorded answer left unused, fails the replay.
 * - `expect`: `{"tryoutPaket.soal.0.jawaban_siswa": "B", ...}` on the final state.
 * - `expectDialogs`: the titles of the dialogs shown, in order. `advanceAfterMs`: clock time after the last action.
 * Dialogs answer at once (confirmations are confirmed).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { UnknownAction } from '@reduxjs/toolkit';
import { http } from '../../../src/client/api/http';
import { makeStore, type PreloadedAppState } from '../../../src/client/app/store';
import { createFakeClock, setClock } from '../../../src/client/lib/clock';

const dialogTitles: string[] = [];
jest.mock('../../../src/client/components/dialogs', () => {
  const record = (title: string) => {
    dialogTitles.push(title);
    return Promise.resolve();
  };
  return {
    CONFIRM_COLOR: '#198754',
    CANCEL_COLOR: '#ff5722',
    showMessage: (options: { title: string }) => record(options.title),
    showError: (title: string) => record(title),
    showFailed: () => record('Failed'),
    showCallError: (error: { code?: string }) => record(error.code ?? 'Error'),
    callErrorText: () => ({ title: '', text: '' }),
    confirmDialog: (options: { title: string }) => record(options.title).then(() => true),
    forcedDialog: (options: { title: string }) => record(options.title),
    toast: (title: string) => record(title),
  };
});

interface RecordedCall {
  method: string;
  url: string;
  status: number;
  body: unknown;
}

interface DevToolsEntry {
  type: 'PERFORM_ACTION';
  action: UnknownAction;
  timestamp: number;
}

interface Replay {
  name: string;
  preloadedState?: PreloadedAppState;
  actions: (UnknownAction | DevToolsEntry)[];
  api: RecordedCall[];
  expect: Record<string, unknown>;
  expectDialogs?: string[];
  advanceAfterMs?: number;
}

/** Actions only sagas put (answers, ticks, verdicts): a DevTools export has them, a replay must not send them. */
const SAGA_OUTPUT = new Set([
  'tryoutPaket/previewLoaded',
  'tryoutPaket/previewFailed',
  'tryoutPaket/startPending',
  'tryoutPaket/runStarted',
  'tryoutPaket/soalRefreshed',
  'tryoutPaket/runCleared',
  'tryoutPaket/mapelTimeSet',
  'tryoutPaket/detailMapelCleared',
  'tryoutPaket/deadlineSet',
  'tryoutPaket/sisaWaktuTicked',
  'tryoutPaket/finishConfirmed',
  'tryoutPaket/answerSet',
  'tryoutPaket/leaveResolved',
  'tryoutMateri/listLoading',
  'tryoutMateri/listFailed',
  'tryoutMateri/kategoriLoaded',
  'tryoutMateri/mapelLoaded',
  'tryoutMateri/materiLoaded',
  'tryoutMateri/runStarted',
  'tryoutMateri/runCleared',
  'tryoutMateri/deadlineSet',
  'tryoutMateri/sisaWaktuTicked',
  'tryoutMateri/finishConfirmed',
  'tryoutMateri/answerSet',
  'tryoutPaket/mapelTimeReported',
  'tryoutPaket/statusReportWanted',
  'run/clockSet',
  'run/clockTicked',
  'run/clockStopped',
  'run/deadlineMoved',
  'run/saveQueued',
  'run/saveAcked',
  'run/saveDropped',
  'run/outboxCleared',
  'run/leaveResolved',
  'navigation/navigateRequested',
  'jadwal/jadwalListLoading',
  'jadwal/jadwalListLoaded',
  'jadwal/jadwalListFailed',
]);

const REPLAY_DIR = path.resolve(__dirname, '../replays');
const replays: Replay[] = readdirSync(REPLAY_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => JSON.parse(readFileSync(path.join(REPLAY_DIR, file), 'utf8')) as Replay);

function valueAt(state: unknown, dotPath: string): unknown {
  return dotPath.split('.').reduce<unknown>((value, key) => {
    if (value === null || value === undefined) return undefined;
    return (value as Record<string, unknown>)[key];
  }, state);
}

/** An axios adapter that answers from the recording, in order. */
function recordedAdapter(api: RecordedCall[], problems: string[]) {
  let next = 0;
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const recorded = api[next];
    if (!recorded || recorded.method.toUpperCase() !== method || recorded.url !== url) {
      problems.push(
        `unexpected call ${method} ${url}; next recorded: ${recorded ? `${recorded.method} ${recorded.url}` : 'none'}`,
      );
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }
    next += 1;
    const response: AxiosResponse = {
      data: recorded.body,
      status: recorded.status,
      statusText: recorded.status >= 400 ? 'Error' : 'OK',
      headers: new AxiosHeaders(),
      config,
    };
    if (recorded.status >= 400) {
      const code = recorded.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${recorded.status}`, code, config, {}, response);
    }
    return response;
  };
  return { adapter, unused: () => api.slice(next) };
}

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
  dialogTitles.length = 0;
});

describe('QA replays', () => {
  it('has the recorded cases', () => {
    expect(replays.length).toBeGreaterThanOrEqual(3);
  });

  it.each(replays.map((replay) => [replay.name, replay] as const))('%s', async (_name, replay) => {
    const clock = createFakeClock(Date.UTC(2025, 0, 6, 2, 0, 0));
    const restoreClock = setClock(clock);
    const problems: string[] = [];
    const server = recordedAdapter(replay.api, problems);
    http.defaults.adapter = server.adapter;
    try {
      const store = makeStore(replay.preloadedState);
      let previousTimestamp: number | null = null;
      for (const entry of replay.actions) {
        const isDevTools = (entry as DevToolsEntry).type === 'PERFORM_ACTION';
        const action = isDevTools ? (entry as DevToolsEntry).action : (entry as UnknownAction);
        if (isDevTools) {
          const { timestamp } = entry as DevToolsEntry;
          if (previousTimestamp !== null) await clock.advance(Math.max(0, timestamp - previousTimestamp));
          previousTimestamp = timestamp;
        }
        if (SAGA_OUTPUT.has(action.type)) continue;
        store.dispatch(action);
        await settle();
      }
      if (replay.advanceAfterMs) {
        // Second by second, so every call the countdown makes is answered before the next tick.
        for (let elapsed = 0; elapsed < replay.advanceAfterMs; elapsed += 1000) {
          await clock.advance(1000);
          await settle();
        }
      }
      await settle();

      expect(problems).toEqual([]);
      expect(server.unused()).toEqual([]);
      const state = store.getState();
      for (const [dotPath, value] of Object.entries(replay.expect)) {
        expect({ [dotPath]: valueAt(state, dotPath) }).toEqual({ [dotPath]: value });
      }
      if (replay.expectDialogs) expect(dialogTitles).toEqual(replay.expectDialogs);
    } finally {
      restoreClock();
    }
  });
});
