/**
 * What makes a DevTools export readable and replayable (README "Support"): the options DevTools receives (the
 * tick kept out of the history, a history long enough for a subject), the recorded server and dialog answers
 * with nothing secret in them, and the tag on every action a saga put.
 */
import { AxiosError, type AxiosAdapter } from 'axios';
import type { UnknownAction } from '@reduxjs/toolkit';
import { http } from '../../../src/client/api/http';
import { makeStore } from '../../../src/client/app/store';
import { showMessage, confirmDialog } from '../../../src/client/components/dialogs';
import { jadwalListLoading, jadwalRequested } from '../../../src/client/features/jadwal/slice';
import { clockTicked } from '../../../src/client/lib/run/slice';
import { demoStudents, loggedInState } from '../../helpers/clientFixtures';

const swalAnswers: { isConfirmed?: boolean; isDismissed?: boolean; dismiss?: string }[] = [];
jest.mock('sweetalert2', () => ({
  __esModule: true,
  default: { fire: () => Promise.resolve(swalAnswers.shift() ?? { isConfirmed: true }) },
}));

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

/** The options RTK hands to the extension, captured through the global the extension injects. */
function devToolsOptionsSeenByExtension(): Record<string, unknown> {
  let seen: Record<string, unknown> | null = null;
  const target = window as unknown as Record<string, unknown>;
  target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ =
    (options: Record<string, unknown>) =>
    (...enhancers: ((next: unknown) => unknown)[]) => {
      seen = options;
      return (next: unknown) => enhancers.reduceRight((created, enhancer) => enhancer(created), next);
    };
  try {
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { makeStore: isolatedMakeStore } = require('../../../src/client/app/store') as {
        makeStore: typeof makeStore;
      };
      isolatedMakeStore(undefined, { runSaga: false });
    });
  } finally {
    delete target.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__;
  }
  if (!seen) throw new Error('the store did not ask the extension');
  return seen;
}

/** Whether DevTools hides `type`, matching the denylist as the extension does (joined into one RegExp). */
const deniedBy = (options: Record<string, unknown>, type: string) =>
  new RegExp(([] as string[]).concat(options.actionsDenylist as string[]).join('|')).test(type);

describe('DevTools options', () => {
  it('keep the per-second tick out of the history and nothing else', () => {
    const options = devToolsOptionsSeenByExtension();
    expect(deniedBy(options, clockTicked(5).type)).toBe(true);
    for (const type of [
      'run/clockSet',
      'run/clockStopped',
      'run/saveQueued',
      'api/answered',
      'dialog/answered',
    ])
      expect({ type, denied: deniedBy(options, type) }).toEqual({ type, denied: false });
  });

  it('keep 2000 actions, a whole subject, and mask with the sanitizers', () => {
    const options = devToolsOptionsSeenByExtension();
    expect(options.maxAge).toBe(2000);
    expect(options.name).toBe('SiapTes');
    expect(typeof options.actionSanitizer).toBe('function');
    expect(typeof options.stateSanitizer).toBe('function');
  });
});

describe('recorded answers', () => {
  it('a call is recorded with its path, body and answer, credentials masked', async () => {
    const seen: UnknownAction[] = [];
    makeStore(undefined, { runSaga: false, observe: (action) => seen.push(action) });
    http.defaults.adapter = (async (config) => ({
      status: 200,
      statusText: 'OK',
      data: { status: true, content: { access_token: { value: 'rahasia-token' }, user: { email: 'a@b.c' } } },
      headers: {},
      config,
    })) as AxiosAdapter;
    await http.post('/auth/login', { username: 'umum', password: 'tryout123' });
    const answered = seen.filter((action) => action.type === 'api/answered');
    expect(answered).toHaveLength(1);
    expect(answered[0].payload).toEqual({
      method: 'POST',
      path: '/auth/login',
      sent: { username: 'umum', password: '<<disamarkan>>' },
      status: 200,
      body: { status: true, content: { access_token: '<<disamarkan>>', user: { email: '<<disamarkan>>' } } },
    });
    expect(JSON.stringify(seen)).not.toMatch(/tryout123|rahasia-token/);
  });

  it('a call with no answer is recorded with status 0 and the error code', async () => {
    const seen: UnknownAction[] = [];
    makeStore(undefined, { runSaga: false, observe: (action) => seen.push(action) });
    http.defaults.adapter = (async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    }) as AxiosAdapter;
    await expect(http.put('/siswa/tryout/saveanswer/1', { jawaban: 'B' })).rejects.toThrow('Network Error');
    expect(seen.find((action) => action.type === 'api/answered')?.payload).toEqual({
      method: 'PUT',
      path: '/siswa/tryout/saveanswer/1',
      sent: { jawaban: 'B' },
      status: 0,
      body: null,
      error: 'ERR_NETWORK',
    });
  });

  it('each dialog is recorded with the button that closed it', async () => {
    const seen: UnknownAction[] = [];
    makeStore(undefined, { runSaga: false, observe: (action) => seen.push(action) });
    swalAnswers.push({ isConfirmed: false, isDismissed: true, dismiss: 'cancel' }, { isDismissed: true });
    await expect(confirmDialog({ title: 'Yakin?', confirmText: 'Ya' })).resolves.toBe(false);
    await showMessage({ title: 'Ujian Selesai' });
    expect(
      seen.filter((action) => action.type === 'dialog/answered').map((action) => action.payload),
    ).toEqual([
      { title: 'Yakin?', button: 'cancel' },
      { title: 'Ujian Selesai', button: 'replaced' },
    ]);
  });
});

describe('saga actions', () => {
  it('are tagged fromSaga; what a screen dispatches is not; both carry the moment they happened', async () => {
    const seen: UnknownAction[] = [];
    http.defaults.adapter = (() => new Promise(() => undefined)) as AxiosAdapter;
    const store = makeStore(loggedInState(demoStudents.reguler), { observe: (action) => seen.push(action) });
    store.dispatch(jadwalRequested());
    await new Promise((resolve) => setTimeout(resolve, 0));
    const meta = (type: string) =>
      seen.find((action) => action.type === type)?.meta as { at?: number; fromSaga?: boolean } | undefined;
    expect(meta(jadwalRequested.type)).toEqual({ at: expect.any(Number) });
    expect(meta(jadwalListLoading.type)).toEqual({ at: expect.any(Number), fromSaga: true });
  });
});
