import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import type { StatusMapelBody } from '../../../src/contract';
import { rootReducer } from '../../../src/client/app/rootReducer';
import { fetchPreviewPaket, startPaket, updateStatusMapel } from '../../../src/client/api/tryoutPaket';
import { forcedDialog, showError, toast } from '../../../src/client/components/dialogs';
import { setClock } from '../../../src/client/lib/clock';
import { sheetPath, subjectSession } from '../../../src/client/features/tryoutPaket/run';
import { finishConfirmed, sheetOpened } from '../../../src/client/features/tryoutPaket/slice';
import { clockSet, deadlineKept } from '../../../src/client/lib/run/slice';
import { createFakeClock } from '../../../src/client/lib/clock';
import {
  HASH,
  ID_JADWAL,
  ID_MAPEL,
  kategori,
  runningState,
  soalList,
  virtualClock,
} from '../../helpers/tryoutPaketFixtures';

const target = { idJadwal: ID_JADWAL, kategoriHash: HASH, idMapel: ID_MAPEL };
const SHEET = sheetPath(target);

/** A statusmapel stand-in: records each body, answers as the server would (clamped to what it counts). */
function statusServer(serverCount: (body: StatusMapelBody) => number = (body) => body.sisa_waktu) {
  const bodies: StatusMapelBody[] = [];
  const answer = dynamic((effect: { args: [number, StatusMapelBody] }) => {
    const body = effect.args[1];
    bodies.push(body);
    return { status: true, message: 'ok', content: { sisa_waktu: serverCount(body), status: body.status } };
  });
  return { bodies, answer };
}

const closedPreview = {
  status: true,
  content: {
    paket: 2,
    detailPaket: [
      kategori({
        detailSoal: kategori().detailSoal.map((mapel, index) =>
          index === 0 ? { ...mapel, status: '1', sisa_waktu: 0 } : { ...mapel, antrian: 0, antrian_str: '' },
        ),
      }),
    ],
  },
};

let restoreClock: () => void = () => undefined;
afterEach(() => restoreClock());

describe('opening a subject', () => {
  it("takes the server's remaining time, warns at 5 minutes, syncs at every 120 s and closes at 0", async () => {
    const testClock = virtualClock();
    restoreClock = setClock(testClock);
    // The browser remembered 600 s; the server counts 310 (the student had been away).
    const server = statusServer((body) => (body.status === 0 ? Math.min(body.sisa_waktu, 310) : 0));

    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState())
      .provide([
        [matchers.call.fn(updateStatusMapel), server.answer],
        [matchers.call.fn(forcedDialog), undefined],
        [matchers.call.fn(toast), undefined],
        [matchers.call.fn(fetchPreviewPaket), closedPreview],
      ])
      .call.like({ fn: toast, args: ['Waktu tinggal 5 menit lagi!'] })
      .call.like({ fn: forcedDialog, args: [{ title: 'Waktu Habis!', confirmText: 'Lanjutkan' }] })
      .run({ timeout: 2000 });

    expect(server.bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600], // opening: the browser's count, which the server clamps to 310
      [0, 240],
      [0, 120],
      [1, 0], // time up
    ]);
    expect(server.bodies[0]).toMatchObject({ id_siswa: 7, id_mapel: ID_MAPEL, kategori: HASH });
    // 310 s of countdown, not the 600 the browser remembered.
    expect(testClock.elapsed()).toBe(310_000);
    expect(storeState.tryoutPaket.detailMapel).toBeNull();
    expect(storeState.run.clock.deadline).toBeNull();
    expect(storeState.tryoutPaket.detailPaket[0].detailSoal[0].status).toBe('1');
    expect(storeState.navigation).toEqual({
      to: `/to/${ID_JADWAL}/preview/${HASH}`,
      replace: true,
    });
    expect(storeState.tryoutPaket.isRunning).toBe(true);
  });

  it('in a throttled background tab gains no time, still syncs when 120 s are skipped, and still times out', async () => {
    // After 10 s the tab sleeps: one "1 s" sleep lasts 200 s.
    let jumped = false;
    const testClock = virtualClock(1_700_000_000_000, (now) => {
      if (!jumped && now - 1_700_000_000_000 >= 10_000) {
        jumped = true;
        return 200_000;
      }
      return 0;
    });
    restoreClock = setClock(testClock);
    const server = statusServer((body) => (body.status === 0 ? Math.min(body.sisa_waktu, 250) : 0));
    const ticks: number[] = [];

    await expectSaga(subjectSession, sheetOpened(target))
      .withReducer((state, action) => {
        const next = rootReducer(state, action);
        if (action.type === 'run/clockSet' || action.type === 'run/clockTicked')
          ticks.push(next.run.clock.sisaWaktu ?? -1);
        return next;
      }, runningState())
      .provide([
        [matchers.call.fn(updateStatusMapel), server.answer],
        [matchers.call.fn(forcedDialog), undefined],
        [matchers.call.fn(toast), undefined],
        [matchers.call.fn(fetchPreviewPaket), closedPreview],
      ])
      .run({ timeout: 2000 });

    // 250 → … → 240 (synced), then one "1 s" sleep lasts 201 s: straight to 39, the 120 mark skipped.
    expect(ticks.slice(0, 3)).toEqual([250, 249, 248]);
    expect(ticks[ticks.indexOf(240) + 1]).toBe(39);
    expect(ticks).not.toContain(120);
    expect(server.bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600],
      [0, 240],
      [0, 39], // the skipped 120 mark is still reported
      [1, 0],
    ]);
    // The subject closed 250 s after opening on the wall clock: no second was gained by the sleep.
    expect(testClock.elapsed()).toBe(250_000);
  });

  it('believes a sync answer that counts less (an event subject on the wall clock)', async () => {
    const testClock = virtualClock();
    restoreClock = setClock(testClock);
    // The server says 250 s on opening, but its wall clock runs 60 s ahead from then on.
    const server = statusServer((body) => {
      if (body.status === 1) return 0;
      if (body.sisa_waktu === 600) return 250;
      return Math.min(body.sisa_waktu, 250 - 60 - testClock.elapsed() / 1000);
    });
    await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState())
      .provide([
        [matchers.call.fn(updateStatusMapel), server.answer],
        [matchers.call.fn(forcedDialog), undefined],
        [matchers.call.fn(toast), undefined],
        [matchers.call.fn(fetchPreviewPaket), closedPreview],
      ])
      .run({ timeout: 2000 });
    // At 240 the server answers 180: the countdown jumps there, so the next mark is 120 and the end 60 s early.
    expect(server.bodies.map((body) => body.sisa_waktu)).toEqual([600, 240, 120, 0]);
    expect(testClock.elapsed()).toBe((250 - 60) * 1000);
  });

  it('after a failed time-up report shows the error and tries again 10 s later', async () => {
    const testClock = virtualClock();
    restoreClock = setClock(testClock);
    let closeAttempts = 0;
    const bodies: StatusMapelBody[] = [];
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState())
      .provide([
        [
          matchers.call.fn(updateStatusMapel),
          dynamic((effect: { args: [number, StatusMapelBody] }) => {
            const body = effect.args[1];
            bodies.push(body);
            if (body.status === 1 && ++closeAttempts === 1) throw new Error('Network Error');
            return {
              status: true,
              message: 'ok',
              content: { sisa_waktu: body.status === 1 ? 0 : 5, status: 0 },
            };
          }),
        ],
        [matchers.call.fn(forcedDialog), undefined],
        [matchers.call.fn(showError), undefined],
        [matchers.call.fn(fetchPreviewPaket), closedPreview],
      ])
      .call(showError, 'Error', 'Failed to finish this part, please try again!')
      .run({ timeout: 2000 });
    expect(bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600],
      [1, 0],
      [1, 0],
    ]);
    // 5 s to the first time-up, 10 s to the second.
    expect(testClock.elapsed()).toBe(15_000);
    expect(storeState.navigation?.to).toBe(`/to/${ID_JADWAL}/preview/${HASH}`);
  });

  it('"Selesaikan Ujian" wins the race against the countdown and closes the subject at once', async () => {
    const fake = createFakeClock(1_000);
    restoreClock = setClock(fake);
    const server = statusServer((body) => (body.status === 1 ? 0 : 400));
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState())
      .provide([
        [matchers.call.fn(updateStatusMapel), server.answer],
        [matchers.call.fn(forcedDialog), undefined],
        [matchers.call.fn(fetchPreviewPaket), closedPreview],
      ])
      .delay(20)
      .dispatch(finishConfirmed())
      .call.like({ fn: forcedDialog, args: [{ title: 'Ujian Selesai', confirmText: 'Lanjutkan' }] })
      .run({ timeout: 2000 });
    expect(server.bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600],
      [1, 0],
    ]);
    expect(storeState.run.clock.deadline).toBeNull();
    expect(storeState.navigation?.to).toBe(`/to/${ID_JADWAL}/preview/${HASH}`);
  });

  it('without stored questions goes back to the detail page', async () => {
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState({ soal: [], isRunning: false, run: null }))
      .not.call.fn(updateStatusMapel)
      .run();
    expect(storeState.navigation).toEqual({ to: `/to/${ID_JADWAL}`, replace: true });
  });

  it('opening a subject whose questions the server has not shown yet reports it open, then asks start again', async () => {
    const fake = createFakeClock(1_000);
    restoreClock = setClock(fake);
    const calls: string[] = [];
    const previous = soalList().map((item) => ({
      ...item,
      id_mapel: ID_MAPEL + 100,
      id_soal: item.id_soal + 100,
    }));
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState({ soal: previous }))
      .provide([
        [
          matchers.call.fn(startPaket),
          dynamic(() => {
            calls.push('start');
            return { status: true, content: { id_hasil_to: 77, soal: [...previous, ...soalList()] } };
          }),
        ],
        [
          matchers.call.fn(updateStatusMapel),
          dynamic((effect: { args: [number, StatusMapelBody] }) => {
            calls.push('status');
            return {
              status: true,
              message: 'ok',
              content: { sisa_waktu: 250, status: effect.args[1].status },
            };
          }),
        ],
      ])
      .put(deadlineKept({ sheet: SHEET, deadline: 251_000 }))
      .run({ timeout: 100, silenceTimeout: true });
    // The subject is opened first (its clock starts), then its questions are fetched with the same start.
    expect(calls.slice(0, 2)).toEqual(['status', 'start']);
    const ofMapel = (item: { id_mapel: number }) => item.id_mapel === ID_MAPEL;
    const shown = (storeState.tryoutPaket.soal as { id_mapel: number }[]).filter(ofMapel);
    expect(shown).toHaveLength(soalList().filter(ofMapel).length);
    expect(shown.length).toBeGreaterThan(0);
    expect(storeState.tryoutPaket.detailMapel).toEqual({ id_mapel: ID_MAPEL, sisa_waktu: 250 });
  });

  it('after a reload refreshes the answers from the server and reports the remembered time', async () => {
    const fake = createFakeClock(1_000);
    restoreClock = setClock(fake);
    const server = statusServer(() => 200);
    const fromServer = soalList().map((item) => (item.nomor === 1 ? { ...item, jawaban_siswa: 'C' } : item));
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(
        rootReducer,
        runningState({ synced: false, detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 321 } }),
      )
      .provide([
        [matchers.call.fn(startPaket), { status: true, content: { id_hasil_to: 77, soal: fromServer } }],
        [matchers.call.fn(updateStatusMapel), server.answer],
      ])
      .put(deadlineKept({ sheet: SHEET, deadline: 201_000 }))
      .run({ timeout: 100, silenceTimeout: true });
    expect(storeState.tryoutPaket.soal[0].jawaban_siswa).toBe('C');
    expect(server.bodies[0].sisa_waktu).toBe(321);
    expect(storeState.tryoutPaket.detailMapel).toEqual({ id_mapel: ID_MAPEL, sisa_waktu: 200 });
    // Rina is a regular student and question 1 is answered: the sheet opens on question 2.
    expect(storeState.tryoutPaket.nomorAktif).toBe(1);
  });

  it('follows a subject the server closed itself (a refusal with its view), not the remembered time', async () => {
    const fake = createFakeClock(1_000);
    restoreClock = setClock(fake);
    const bodies: StatusMapelBody[] = [];
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState())
      .provide([
        [
          matchers.call.fn(updateStatusMapel),
          dynamic((effect: { args: [number, StatusMapelBody] }) => {
            bodies.push(effect.args[1]);
            const closed = { sisa_waktu: 0, status: 1 };
            return effect.args[1].status === 1
              ? { status: true, message: 'Mapel ini sudah selesai', content: closed }
              : { status: false, message: 'Waktu mapel ini sudah habis', content: closed };
          }),
        ],
        [matchers.call.fn(forcedDialog), undefined],
        [matchers.call.fn(fetchPreviewPaket), closedPreview],
      ])
      .call.like({ fn: forcedDialog, args: [{ title: 'Waktu Habis!', confirmText: 'Lanjutkan' }] })
      .run({ timeout: 2000 });
    expect(bodies.map((body) => [body.status, body.sisa_waktu])).toEqual([
      [0, 600],
      [1, 0],
    ]);
    expect(storeState.navigation?.to).toBe(`/to/${ID_JADWAL}/preview/${HASH}`);
  });

  it('keeps counting with the remembered time when the opening report fails', async () => {
    const fake = createFakeClock(1_000);
    restoreClock = setClock(fake);
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, runningState())
      .provide([[matchers.call.fn(updateStatusMapel), throwError(new Error('Network Error'))]])
      .put(clockSet({ deadline: 1_000 + 600_000, sisaWaktu: 600 }))
      .put(deadlineKept({ sheet: SHEET, deadline: 601_000 }))
      .run({ timeout: 100, silenceTimeout: true });
    expect(storeState.tryoutPaket.detailMapel).toEqual({ id_mapel: ID_MAPEL, sisa_waktu: 600 });
  });

  it('reloaded offline: counts on to the deadline the server gave, not from its last count', async () => {
    // The clock ran to 601 000 (600 s counted at 1 000); the page is reloaded at 301 000 without network.
    const fake = createFakeClock(301_000);
    restoreClock = setClock(fake);
    const state = runningState();
    const reloaded = {
      ...state,
      tryoutPaket: { ...state.tryoutPaket, detailMapel: { id_mapel: ID_MAPEL, sisa_waktu: 600 } },
      run: { ...state.run, kept: { sheet: SHEET, deadline: 601_000 } },
    };
    const { storeState } = await expectSaga(subjectSession, sheetOpened(target))
      .withReducer(rootReducer, reloaded)
      .provide([[matchers.call.fn(updateStatusMapel), throwError(new Error('Network Error'))]])
      .put(clockSet({ deadline: 601_000, sisaWaktu: 300 }))
      .put(deadlineKept({ sheet: SHEET, deadline: 601_000 }))
      .run({ timeout: 100, silenceTimeout: true });
    expect(storeState.tryoutPaket.detailMapel).toEqual({ id_mapel: ID_MAPEL, sisa_waktu: 300 });
  });
});
