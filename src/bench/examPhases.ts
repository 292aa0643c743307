/**
 * The exam itself: every student starts the first category, reports its first subject open, answers its questions
 * (the answer-save phase), then saves arrive at twice the rate that phase sustained (overload), and the students
 * open the package preview.
 */
import type { LoadRequest, StartedAttempt } from './load';
import { jawabanFor, saveRequest, type Save } from './answers';
import {
  OVERLOAD_RUNS_AT_MOST,
  overloadSockets,
  overloadSaves,
  reofferedRate,
  saveRateOf,
  type SaveRate,
} from './overloadPhase';
import { json, type PhaseContext, type PhaseResult } from './phaseContext';
import { runOverloadProcess } from './processes';
import { OVERLOAD_P99_TARGET_MS, type OverloadReport } from './overloadReport';
import type { PhaseRow } from './report';

export interface ExamOutcome {
  rows: PhaseRow[];
  /** Every save acknowledged (answer save and overload), in the order sent. */
  acknowledged: Save[];
  /** The overload phase's acknowledged saves, checked in the database on their own. */
  overloadAcknowledged: Save[];
  /** Null when not run (`--exam-only`). */
  overload: OverloadReport | null;
  /** The upsert floor measured right after the answer-save phase, when asked for. */
  upsertAgain: PhaseResult | null;
}

export interface ExamOptions {
  /** The overload phase (off with `--exam-only`). */
  withOverload: boolean;
  /** Measures the upsert floor again, run right after the answer-save phase. */
  upsertAgain?: () => Promise<PhaseResult>;
}

/** A rate of saves above any this box sustains (the bare route answers about 11,000 calls a second). */
const SAVES_PER_SECOND_AT_MOST = 25_000;

/**
 * How many saves the answer-save phase's job carries: what it can send in its seconds, and no fewer than the
 * baselines' 100,000. All of them (100,000 students × 12 questions) made a job of 320 MB that the generator read
 * inside the phase's CPU figures, of which it sent about 27,000.
 */
export function savesForSeconds(seconds: number): number {
  return Math.max(100_000, seconds * SAVES_PER_SECOND_AT_MOST);
}

export async function examPhases(ctx: PhaseContext, options: ExamOptions): Promise<ExamOutcome> {
  const { withOverload } = options;
  const { students, running } = ctx.event;
  const firstMapel = running.kategori.mapel[0];
  const rows: PhaseRow[] = [];

  // Start spike: every student starts the first category once.
  const starts: LoadRequest[] = students.map((s) => ({
    method: 'POST',
    path: `/api/siswa/tryout/start/id/${running.id}/kategori/${running.kategori.hash}`,
    body: json({ id_siswa: s.id }),
    key: s.token,
  }));
  const spike = await ctx.load(
    'start spike',
    ctx.job(starts, { amount: students.length, startMapel: firstMapel.id }),
  );
  rows.push({ phase: 'start spike (first start of a category)', result: spike, baseline: 'upsert' });
  const attemptOf = new Map<number, StartedAttempt>();
  for (const a of spike.started) attemptOf.set(a.request, a);
  const startedStudents = [...attemptOf.keys()].sort((a, b) => a - b);

  // Status report: the first subject opened with its whole time, as the sheet reports it.
  const reports: LoadRequest[] = startedStudents.map((i) => ({
    method: 'PUT',
    path: `/api/siswa/tryout/statusmapel/id/${running.id}`,
    body: json({
      id_siswa: students[i].id,
      id_mapel: firstMapel.id,
      kategori: running.kategori.hash,
      sisa_waktu: firstMapel.waktu * 60,
      status: 0,
    }),
    key: students[i].token,
  }));
  const status = await ctx.load('status report', ctx.job(reports));
  rows.push({ phase: 'status report (statusmapel)', result: status, baseline: 'upsert' });
  const opened = [...new Set(status.acknowledged.map((r) => startedStudents[r]))];

  // Answer save: every opened student answers the first subject's questions, round robin over students, as many
  // saves as the phase can send (savesForSeconds).
  const saves: Save[] = [];
  const saveRequests: LoadRequest[] = [];
  const perStudent = opened.map((i) => attemptOf.get(i) as StartedAttempt);
  const longest = Math.max(0, ...perStudent.map((a) => a.soal.length));
  const most = savesForSeconds(ctx.seconds);
  for (let q = 0; q < longest && saves.length < most; q++) {
    perStudent.forEach((attempt, n) => {
      const soal = attempt.soal[q];
      if (!soal || saves.length >= most) return;
      const save: Save = {
        id_jawaban: soal.id_jawaban,
        id_jawaban_group: soal.type === 3 ? soal.id_jawaban_group : null,
        jawaban: jawabanFor(soal.type),
        type: soal.type,
      };
      saves.push(save);
      saveRequests.push(saveRequest(running.id, attempt.id_hasil_to, save, students[opened[n]].token));
    });
  }
  if (saveRequests.length === 0)
    throw new Error('tidak ada soal untuk dijawab: start tidak memberi id_jawaban');
  const saveJob = ctx.job(saveRequests);
  const save = await ctx.load('answer save', saveJob);
  const upsertAgain = options.upsertAgain ? await options.upsertAgain() : null;
  rows.push({
    phase: 'answer save',
    result: save,
    baseline: 'upsert',
    upsertAgainAfter: upsertAgain !== null,
  });
  const saveAcknowledged = save.acknowledged.map((index) => saves[index]);
  // The rate the server sustained is that of the saves it acknowledged: a save it shed (503) was answered, not
  // taken on, and counting it would make "twice" three times or more.
  const saveRate = saveRateOf(save, saveJob.connections);

  const overload = withOverload ? await overloadPhase(ctx, perStudent, opened, saveRate) : null;
  // Not push(...): a spread passes every save as an argument, and four overload runs acknowledge more than the
  // stack holds.
  const acknowledged = overload ? saveAcknowledged.concat(overload.acknowledged) : saveAcknowledged;

  const previews: LoadRequest[] = startedStudents.map((i) => ({
    method: 'GET',
    path: `/api/siswa/tryout/preview/paket/${running.paket}/id/${running.id}`,
    key: students[i].token,
  }));
  rows.push({ phase: 'preview', result: await ctx.load('preview', ctx.job(previews)), baseline: 'route' });
  return {
    rows,
    acknowledged,
    overloadAcknowledged: overload?.acknowledged ?? [],
    overload: overload?.report ?? null,
    upsertAgain,
  };
}

/**
 * Overload: twice the rate the answer-save phase sustained, sent whatever the server answers, with other answers
 * than that phase's so that what is found in the database afterwards is this phase's. Offered again at twice what
 * the server accepted as long as it accepted more than half, OVERLOAD_RUNS_AT_MOST runs in all (reofferedRate,
 * overloadPhase.ts).
 */
async function overloadPhase(
  ctx: PhaseContext,
  perStudent: StartedAttempt[],
  opened: number[],
  saveRate: SaveRate,
): Promise<{ acknowledged: Save[]; report: OverloadReport }> {
  const { students, running } = ctx.event;
  const overloadPlan = overloadSaves(perStudent, (n) => students[opened[n]].token, running.id);
  const offer = (rate: number, name: string) =>
    ctx.measured(() =>
      runOverloadProcess(
        {
          url: `http://127.0.0.1:${ctx.port}`,
          rate,
          seconds: ctx.seconds,
          requests: overloadPlan.requests,
          sockets: overloadSockets(rate),
          drainSeconds: 30,
          slowMs: OVERLOAD_P99_TARGET_MS,
        },
        ctx.dir,
        name,
      ),
    );
  ctx.log('overload (2× the sustainable save rate)');
  const runs = [await offer(2 * saveRate.perSecond, 'overload')];
  for (;;) {
    const again =
      runs.length < OVERLOAD_RUNS_AT_MOST ? reofferedRate(runs[runs.length - 1].value, ctx.seconds) : null;
    if (again === null) break;
    ctx.log(`overload again (2× what run ${runs.length} accepted)`);
    runs.push(await offer(again, `overload-${runs.length + 1}`));
  }
  const run = runs[runs.length - 1];
  const acknowledgedIndexes = runs.flatMap((r) => r.value.acknowledged);
  return {
    acknowledged: acknowledgedIndexes.map((index) => overloadPlan.saves[index]),
    report: {
      savePhase: saveRate,
      earlierRuns: runs.slice(0, -1).map((r) => r.value),
      result: run.value,
      lost: 0,
      cpu: run.cpu,
      speed: run.speed,
      machine: run.machine,
    },
  };
}
