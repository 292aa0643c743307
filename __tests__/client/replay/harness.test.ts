/**
 * The replay harness itself: it reads both export forms, reports the first difference in words, never applies an
 * action a saga put twice, and answers each dialog as the recording did (README "Support").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  explain,
  firstDifference,
  parseReplay,
  replaySession,
  startOf,
  valueAt,
  type Replay,
} from '../../helpers/replay';

jest.mock('sweetalert2', () => jest.requireActual('../../helpers/replay').replaySwal);

const REPLAYS = path.resolve(__dirname, '../replays');
/** Made by our recorder: a save kept through three 503s and then taken, the next one refused and rolled back. */
const SAVES = 'paket-save-503-kept-refusal-rolled-back.json';
const TIME_UP = 'paket-timeup-during-finish.json';
/** Made by the real extension: no preloadedState, the session logged in before the page load. */
const REAL_MATERI = 'real-materi-answer-and-finish.json';
const REAL_ABORTED = 'real-paket-save-aborted-once.json';

/** A committed export, as the extension wrote it. */
const exported = (file: string) =>
  JSON.parse(readFileSync(path.join(REPLAYS, file), 'utf8')) as {
    payload: string;
    preloadedState?: string;
  };
const actionsOf = (file: string) => JSON.parse(exported(file).payload) as UnknownAction[];

/** The same export with its actions changed by `edit`. */
function edited(file: string, edit: (actions: UnknownAction[]) => UnknownAction[]): Replay {
  const original = exported(file);
  return parseReplay({ ...original, payload: JSON.stringify(edit(actionsOf(file))) }, file);
}

const payloadOf = <T>(action: UnknownAction) => action.payload as T;
const isSave = (action: UnknownAction) =>
  action.type === 'api/answered' && /saveanswer/.test(payloadOf<{ path: string }>(action).path);

describe('reading exports', () => {
  it("takes the extension's {payload, preloadedState} strings, the plain form and lifted actions alike", async () => {
    const original = exported(SAVES);
    const actions = JSON.parse(original.payload) as UnknownAction[];
    const preloadedState = JSON.parse(original.preloadedState ?? 'null') as unknown;
    const lifted = actions.map((action) => ({ type: 'PERFORM_ACTION', action, timestamp: 0 }));
    for (const raw of [original, { actions, preloadedState }, { actions: lifted, preloadedState }]) {
      const report = await replaySession(parseReplay(raw, SAVES));
      expect(report.problems).toEqual([]);
      expect(report.requests).toBe(12);
    }
  });

  it('refuses a file that is not an export, saying what it expected', () => {
    expect(() => parseReplay({ api: [] }, 'hand.json')).toThrow(
      'hand.json: not a DevTools export (expected {payload, preloadedState} or {actions, preloadedState})',
    );
  });

  it("skips redux-persist's PERSIST (the exports begin with it) and replays the stored state of REHYDRATE", async () => {
    expect(actionsOf(SAVES)[0].type).toBe('persist/PERSIST');
    const report = await replaySession(parseReplay(exported(SAVES), SAVES));
    expect(report.actions.filter((action) => action.type === 'persist/PERSIST')).toEqual([]);
    expect(valueAt(report.state, 'profile.profilUser.username')).toBe('umum');
  });
});

describe('differences', () => {
  it('a request body that differs from the recording is reported with the request, the field and both values', async () => {
    let first = true;
    const replay = edited(SAVES, (actions) =>
      actions.map((action) => {
        if (!isSave(action) || !first) return action;
        first = false;
        const answer = payloadOf<{ sent: Record<string, unknown> }>(action);
        return { ...action, payload: { ...answer, sent: { ...answer.sent, jawaban: 'E' } } };
      }),
    );
    const report = await replaySession(replay);
    expect(report.problems[0]).toBe(
      'request 8 (PUT /siswa/tryout/saveanswer/id/3) differs from the recording: field jawaban: expected "E", got "B"',
    );
    expect(report.problems).toHaveLength(1);
  });

  it('a request the recording has no answer for is reported with what was sent', async () => {
    const replay = edited(SAVES, (actions) => {
      const saves = actions.filter(isSave);
      return actions.filter((action) => action !== saves[4]);
    });
    const report = await replaySession(replay);
    expect(report.problems[0]).toMatch(
      /^request 12 \(PUT \/siswa\/tryout\/saveanswer\/id\/3\) is not in the recording \(sent \{"id_jawaban":\d+,"jawaban":"C"/,
    );
  });

  it('a final state pinned by QA under "expect" is checked', async () => {
    const pinned = { ...exported(TIME_UP), expect: { 'tryoutPaket.isRunning': false } };
    const report = await replaySession(parseReplay(pinned, TIME_UP));
    expect(report.problems).toEqual(['final state: field tryoutPaket.isRunning: expected false, got true']);
  });

  it('words nested differences by their path, and lets a masked or epoch value pass', () => {
    expect(firstDifference({ a: [{ b: 1 }] }, { a: [{ b: 2 }] })).toBe('field a[0].b: expected 1, got 2');
    expect(firstDifference({ password: '<<disamarkan>>' }, { password: '' })).toBeNull();
    expect(firstDifference({ deadline: 1_795_459_204_008 }, { deadline: 1_795_459_205_008 })).toBeNull();
    expect(firstDifference({ deadline: 1_795_459_204_008 }, { deadline: 1_795_459_205_009 })).toBe(
      'field deadline: expected 1795459204008, got 1795459205009',
    );
  });
});

describe('saga actions', () => {
  it('are put once, by the sagas, not again from the recording', async () => {
    const recorded = actionsOf(SAVES).filter((action) => action.type === 'run/saveQueued');
    expect(recorded).toHaveLength(2);
    const report = await replaySession(parseReplay(exported(SAVES), SAVES));
    const queued = report.actions.filter((action) => action.type === 'run/saveQueued');
    expect(queued).toHaveLength(2);
    expect(valueAt(report.state, 'run.outbox')).toEqual([]);

    // Without the tag the harness would take it for the screen's and the save would be queued twice.
    const untagged = edited(SAVES, (actions) =>
      actions.map((action) => (action.type === 'run/saveQueued' ? { ...action, meta: {} } : action)),
    );
    const twice = await replaySession(untagged);
    expect(twice.actions.filter((action) => action.type === 'run/saveQueued')).toHaveLength(4);
  });

  it('a saga that puts something else than recorded is reported', async () => {
    const replay = edited(SAVES, (actions) =>
      actions.map((action) =>
        action.type === 'run/saveDropped'
          ? { ...action, payload: { ...payloadOf<Record<string, unknown>>(action), seq: 9 } }
          : action,
      ),
    );
    const report = await replaySession(replay);
    expect(report.problems).toEqual([
      expect.stringMatching(
        /^the sagas put run\/saveDropped \(saga action \d+\) differently: field seq: expected 9, got 1$/,
      ),
    ]);
  });
});

describe("the outbox's rules, as replayed", () => {
  const ofSlot = (actions: UnknownAction[], type: string, slot: string) =>
    actions.filter((action) => action.type === type && payloadOf<{ slot?: string }>(action).slot === slot);

  it('a save failing on transport (503) stays queued and is sent; a refused one is rolled back with the reason', async () => {
    const report = await replaySession(parseReplay(exported(SAVES), SAVES));
    expect(report.problems).toEqual([]);
    const types = report.actions.map((action) => action.type);
    // Three failures, the answer kept all along, then taken: never dropped.
    expect(types.filter((type) => type === 'run/networkFailed')).toHaveLength(3);
    expect(ofSlot(report.actions, 'run/saveAcked', '36555')).toHaveLength(1);
    expect(ofSlot(report.actions, 'run/saveDropped', '36555')).toEqual([]);
    // The refusal: dropped at once, the sheet back at the acknowledged "0", the server's reason shown.
    expect(ofSlot(report.actions, 'run/saveDropped', '36556')).toHaveLength(1);
    const soal = valueAt(report.state, 'tryoutPaket.soal') as { id_jawaban: number; jawaban_siswa: string }[];
    expect(soal.find((item) => item.id_jawaban === 36555)?.jawaban_siswa).toBe('B');
    expect(soal.find((item) => item.id_jawaban === 36556)?.jawaban_siswa).toBe('0');
    expect(report.dialogs.at(-1)).toBe('Failed');
    expect(valueAt(report.state, 'run.outbox')).toEqual([]);
  });

  it('a recording in which a 503 save was given up (the old outbox) is reported as a change of behaviour', async () => {
    // The 503s answered, then the rollback the old outbox did instead of the try that succeeded: the replay keeps
    // the answer and sends it again, where the recording has the next question's save.
    const replay = edited(SAVES, (actions) => {
      const taken = actions.filter(isSave)[3];
      return actions.flatMap((action) =>
        action === taken
          ? [
              {
                type: 'run/saveDropped',
                payload: { kind: 'paket', slot: '36555', seq: 1 },
                meta: { fromSaga: true },
              },
            ]
          : [action],
      );
    });
    const report = await replaySession(replay);
    expect(report.problems[0]).toMatch(
      /^request 11 \(PUT \/siswa\/tryout\/saveanswer\/id\/3\) differs from the recording: field id_jawaban: expected 36556, got 36555$/,
    );
  });

  it("the real extension's export with a save aborted once (status 0) replays: kept, sent again, taken", async () => {
    const report = await replaySession(parseReplay(exported(REAL_ABORTED), REAL_ABORTED));
    expect(report.problems).toEqual([]);
    expect(ofSlot(report.actions, 'run/saveAcked', '36556')).toHaveLength(1);
    expect(report.actions.filter((action) => action.type === 'run/saveDropped')).toEqual([]);
  });
});

describe('dialogs', () => {
  it('are answered as recorded: the start confirmed starts the run, the same start cancelled does not', async () => {
    const confirmed = await replaySession(parseReplay(exported(TIME_UP), TIME_UP));
    expect(confirmed.problems).toEqual([]);
    expect(valueAt(confirmed.state, 'tryoutPaket.isRunning')).toBe(true);

    let first = true;
    const cancelled = await replaySession(
      edited(TIME_UP, (actions) =>
        actions.map((action) => {
          if (action.type !== 'dialog/answered' || !first) return action;
          first = false;
          return { ...action, payload: { title: 'Yakin?', button: 'cancel' } };
        }),
      ),
    );
    expect(valueAt(cancelled.state, 'tryoutPaket.isRunning')).toBe(false);
    expect(cancelled.problems).toContain(
      `the recording answered POST ${
        payloadOf<{ path: string }>(
          actionsOf(TIME_UP).find(
            (action) =>
              action.type === 'api/answered' && /\/start\//.test(payloadOf<{ path: string }>(action).path),
          ) as UnknownAction,
        ).path
      } (status 200), but the sagas never asked`,
    );
  });

  it('time up while the finish confirmation is open: the confirmation is closed by the time-up dialog', async () => {
    const report = await replaySession(parseReplay(exported(TIME_UP), TIME_UP));
    expect(report.dialogs.slice(-2)).toEqual([
      'Yakin menyelesaikan ujian? Aksi ini tidak dapat diubah!',
      'Waktu Habis!',
    ]);
    expect(report.actions.map((action) => action.type)).not.toContain('tryoutPaket/finishConfirmed');
    const mapel = valueAt(report.state, 'tryoutPaket.detailPaket.0.detailSoal.0.status');
    expect(mapel).toBe('1');
  });
});

describe('where a replay starts', () => {
  /** A hand-made export of these actions, without preloadedState. */
  const bare = (actions: UnknownAction[]) => parseReplay({ payload: JSON.stringify(actions) }, 'bare.json');
  const answered = (method: string, requestPath: string, sent: unknown = null): UnknownAction => ({
    type: 'api/answered',
    payload: { method, path: requestPath, sent, status: 200, body: { status: true, content: [] } },
  });
  const rehydrate = (profile: unknown): UnknownAction => ({
    type: 'persist/REHYDRATE',
    key: 'siaptes',
    payload: { profile, _persist: { version: 1, rehydrated: true } },
  });

  it('a real export (no preloadedState, logged in by its cookie) starts as the student its requests name', async () => {
    expect(exported(REAL_MATERI).preloadedState).toBeUndefined();
    const report = await replaySession(parseReplay(exported(REAL_MATERI), REAL_MATERI));
    expect(report.problems).toEqual([]);
    expect(report.start).toBe(
      'logged in as student 1 (the export is without a preloadedState and has no login: the session was already ' +
        'logged in by its cookie; the id GET /siswa/tryoutmateri/preview/idsiswa/1 (action 5) carried)',
    );
    expect(valueAt(report.state, 'auth')).toMatchObject({ isLoggedIn: true, idSiswa: 1 });
  });

  it('an export of ours with its preloadedState taken away replays the same', async () => {
    const { preloadedState: _dropped, ...withoutState } = exported(SAVES);
    const report = await replaySession(parseReplay(withoutState, SAVES));
    expect(report.problems).toEqual([]);
    expect(report.start).toMatch(/^logged in as student 4 /);
    expect(report.requests).toBe(12);
  });

  it('a body that names the student counts, and so does the stored profile when no request names one', () => {
    const fromBody = startOf(bare([answered('POST', '/siswa/tryout/hasilskor', { id_siswa: 7 })]));
    expect(valueAt(fromBody.state, 'auth.idSiswa')).toBe(7);
    // `id/3` of a save is the schedule, not the student: only the contract's idsiswa segment counts.
    const fromProfile = startOf(
      bare([rehydrate({ profilUser: { id: 9 } }), answered('PUT', '/siswa/tryout/saveanswer/id/3', {})]),
    );
    expect(valueAt(fromProfile.state, 'auth.idSiswa')).toBe(9);
    expect(fromProfile.how).toMatch(/the id of the profile persist\/REHYDRATE brought back\)$/);
  });

  it('a recording that logs in first starts logged out', () => {
    const start = startOf(
      bare([
        { type: 'auth/loginRequested', payload: { username: 'umum' } },
        answered('GET', '/siswa/jadwal/jadwaltocurrent/idsiswa/4'),
      ]),
    );
    expect(start).toEqual({
      state: undefined,
      how: 'logged out (the export is without a preloadedState, and the recording logs in: auth/loginRequested)',
      problem: null,
    });
  });

  it('says what to do when nothing tells which student was logged in, or when two were', async () => {
    const unknown = await replaySession(bare([rehydrate(null), { type: 'jadwal/jadwalRequested' }]));
    expect(unknown.problems).toEqual([
      'the export is without a preloadedState and has no login in its actions: the session was already logged ' +
        'in (its cookie, which no export holds), but no recorded request and no stored profile (persist/REHYDRATE) ' +
        'says which student. Export again from a build of this repository (its exports carry preloadedState), or ' +
        'add "preloadedState": {"auth": {"isLoggedIn": true, "idSiswa": <the student\'s id>}} to the file.',
    ]);
    const two = startOf(
      bare([
        answered('GET', '/siswa/jadwal/jadwaltocurrent/idsiswa/4'),
        answered('GET', '/siswa/jadwal/jadwaltocurrent/idsiswa/5'),
      ]),
    );
    expect(two.problem).toBe(
      'the export is without a preloadedState, and its requests name more than one student before any login ' +
        '(student 4 in GET /siswa/jadwal/jadwaltocurrent/idsiswa/4 (action 1), student 5 in GET ' +
        '/siswa/jadwal/jadwaltocurrent/idsiswa/5 (action 2)). Record one student per export: log out and in ' +
        'again, or reload the page, before the next student.',
    );
  });

  it('a failed replay reads as where it started, each problem numbered, and what it means', async () => {
    // Started logged out (as a store built without the page's cookie would be): the sagas never ask.
    const loggedOut = {
      ...exported(REAL_MATERI),
      preloadedState: JSON.stringify({
        auth: { isLoggedIn: false, idSiswa: null, loginStatus: 'idle', loginAttempts: 0 },
      }),
    };
    const report = await replaySession(parseReplay(loggedOut, REAL_MATERI));
    const text = explain(REAL_MATERI, report).split('\n');
    expect(text[0]).toBe(
      `${REAL_MATERI} does not replay as recorded. The replay started from the export's preloadedState.`,
    );
    expect(text[1]).toBe(
      '1. the recording answered GET /siswa/tryoutmateri/preview/idsiswa/1 (status 200), but the sagas never asked',
    );
    expect(text.filter((line) => line.startsWith('- '))[0]).toMatch(
      /^- The recording answered a request the replay never sent\. When it is the first problem, the replay did not reach the state the recording was in/,
    );
  });

  it("reads jsan's references as the extension's Import does", () => {
    const shared = '{"jawaban_siswa":"B","group":[]}';
    const withRefs = {
      payload: `[{"type":"a","payload":{"value":${shared},"valueAcked":{"$jsan":"$[0].payload.value"}}}]`,
    };
    const [entry] = parseReplay(withRefs, 'refs.json').entries;
    expect(entry.action.payload).toEqual({ value: JSON.parse(shared), valueAcked: JSON.parse(shared) });
  });
});
