/**
 * The replay harness itself: it reads both export forms, reports the first difference in words, never applies an
 * action a saga put twice, and answers each dialog as the recording did (README "Support").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { UnknownAction } from '@reduxjs/toolkit';
import { firstDifference, parseReplay, replaySession, valueAt, type Replay } from '../../helpers/replay';

jest.mock('sweetalert2', () => jest.requireActual('../../helpers/replay').replaySwal);

const REPLAYS = path.resolve(__dirname, '../replays');
const SAVE_FAILS = 'paket-save-fails-rollback.json';
const TIME_UP = 'paket-timeup-during-finish.json';

/** A committed export, as the extension wrote it. */
const exported = (file: string) =>
  JSON.parse(readFileSync(path.join(REPLAYS, file), 'utf8')) as {
    payload: string;
    preloadedState: string;
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
    const original = exported(SAVE_FAILS);
    const actions = JSON.parse(original.payload) as UnknownAction[];
    const preloadedState = JSON.parse(original.preloadedState) as unknown;
    const lifted = actions.map((action) => ({ type: 'PERFORM_ACTION', action, timestamp: 0 }));
    for (const raw of [original, { actions, preloadedState }, { actions: lifted, preloadedState }]) {
      const report = await replaySession(parseReplay(raw, SAVE_FAILS));
      expect(report.problems).toEqual([]);
      expect(report.requests).toBe(14);
    }
  });

  it('refuses a file that is not an export, saying what it expected', () => {
    expect(() => parseReplay({ api: [] }, 'hand.json')).toThrow(
      'hand.json: not a DevTools export (expected {payload, preloadedState} or {actions, preloadedState})',
    );
  });

  it("skips redux-persist's PERSIST (the exports begin with it) and replays the stored state of REHYDRATE", async () => {
    expect(actionsOf(SAVE_FAILS)[0].type).toBe('persist/PERSIST');
    const report = await replaySession(parseReplay(exported(SAVE_FAILS), SAVE_FAILS));
    expect(report.actions.filter((action) => action.type === 'persist/PERSIST')).toEqual([]);
    expect(valueAt(report.state, 'profile.profilUser.username')).toBe('umum');
  });
});

describe('differences', () => {
  it('a request body that differs from the recording is reported with the request, the field and both values', async () => {
    let first = true;
    const replay = edited(SAVE_FAILS, (actions) =>
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
    const replay = edited(SAVE_FAILS, (actions) => {
      const saves = actions.filter(isSave);
      return actions.filter((action) => action !== saves[6]);
    });
    const report = await replaySession(replay);
    expect(report.problems[0]).toMatch(
      /^request 14 \(PUT \/siswa\/tryout\/saveanswer\/id\/3\) is not in the recording \(sent \{"id_jawaban":\d+,"jawaban":"B"/,
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
    const recorded = actionsOf(SAVE_FAILS).filter((action) => action.type === 'run/saveQueued');
    expect(recorded).toHaveLength(1);
    const report = await replaySession(parseReplay(exported(SAVE_FAILS), SAVE_FAILS));
    const queued = report.actions.filter((action) => action.type === 'run/saveQueued');
    expect(queued).toHaveLength(1);
    expect(valueAt(report.state, 'run.outbox')).toEqual([]);

    // Without the tag the harness would take it for the screen's and the save would be queued twice.
    const untagged = edited(SAVE_FAILS, (actions) =>
      actions.map((action) => (action.type === 'run/saveQueued' ? { ...action, meta: {} } : action)),
    );
    const twice = await replaySession(untagged);
    expect(twice.actions.filter((action) => action.type === 'run/saveQueued')).toHaveLength(2);
  });

  it('a saga that puts something else than recorded is reported', async () => {
    const replay = edited(SAVE_FAILS, (actions) =>
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
