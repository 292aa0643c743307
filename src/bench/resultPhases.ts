/**
 * After the event: the IRT close as Sync runs it, the close of the event by the operator's command, then the reads
 * students make of the results (their list, the package ranking page, their choice's ranking, the full list) and
 * the size of each ranking view.
 */
import type { LoadRequest } from './load';
import type { Executor } from '../server/db/executor';
import { timeEventClose } from './eventClose';
import { json, type PhaseContext } from './phaseContext';
import type { BenchStudent } from './seedEvent';
import { measureRankingViews, RANKING_VIEW_ROWS, type RankingView } from './rankingViews';
import type { PhaseRow, TimedClose } from './report';

/** Rows of one package ranking page in the bench: the SPA's page size. */
const RANKING_PAGE_ROWS = RANKING_VIEW_ROWS;

export interface ResultsOutcome {
  rows: PhaseRow[];
  /** Null when not run (`--exam-only`), as the two below. */
  close: TimedClose | null;
  eventClose: TimedClose | null;
  rankingViews: RankingView[];
}

/** IRT close of the finished event, as Sync (generatehasilmapel) runs it: calibration and every score. */
async function syncClose(ctx: PhaseContext): Promise<TimedClose> {
  const { students, closed } = ctx.event;
  ctx.log('IRT close');
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${ctx.port}/api/siswa/tryout/generatehasilmapel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', key: students[0].token },
    body: json({ idsiswa: students[0].id, idjadwal: closed.id }),
    signal: AbortSignal.timeout(30 * 60 * 1000),
  });
  const body = (await response.json()) as { status?: boolean };
  return { ms: performance.now() - started, ok: body.status === true, participants: students.length };
}

/** One read per student, each sent with the student's own session key. */
function postPerStudent(
  students: readonly BenchStudent[],
  path: (s: BenchStudent) => string,
  body: (s: BenchStudent, index: number) => unknown,
): LoadRequest[] {
  return students.map((s, index) => ({
    method: 'POST',
    path: path(s),
    body: json(body(s, index)),
    key: s.token,
  }));
}

export async function resultPhases(
  ctx: PhaseContext,
  db: Executor,
  databaseUrl: string,
): Promise<ResultsOutcome> {
  const { students, closed } = ctx.event;
  const close = await syncClose(ctx);

  // The close of the event: scores, ranks and choice statuses written once; the reads below use them. The bench
  // held its lease so far, so that the server's scheduler did not close it in the middle of the load phases.
  ctx.log('close of the event (siaptes close)');
  await db.deleteFrom('penutupan').where('id_jadwal', '=', closed.id).execute();
  const eventClose = timeEventClose(databaseUrl, closed.id, students.length);

  const rows: PhaseRow[] = [];
  const phase = async (name: string, label: string, requests: LoadRequest[]) =>
    rows.push({ phase: label, result: await ctx.load(name, ctx.job(requests)), baseline: 'route' });
  await phase(
    'results list',
    'results list',
    postPerStudent(
      students,
      () => '/api/siswa/tryout/hasil',
      (s) => ({ id_siswa: s.id, type: 'list' }),
    ),
  );
  // A page of 50 rows each, the pages spread over the whole listing (deep pages as often as the first).
  const pages = Math.max(1, Math.ceil(students.length / RANKING_PAGE_ROWS));
  const rankingPath = (s: BenchStudent) => `/api/siswa/tryout/ranking/idsiswa/${s.id}/paket/${closed.id}`;
  await phase(
    'package ranking page',
    `package ranking page (${RANKING_PAGE_ROWS} rows of ${students.length} participants)`,
    postPerStudent(students, rankingPath, (_s, index) => ({
      halaman: (index % pages) + 1,
      per_halaman: RANKING_PAGE_ROWS,
    })),
  );
  await phase(
    'per-choice ranking',
    'per-choice ranking',
    postPerStudent(
      students,
      () => '/api/siswa/tryout/rankingjur',
      (s) => ({ idsiswa: s.id, idjadwal: closed.id, numoption: 1 }),
    ),
  );
  // The full list last: at 100,000 participants its answers are megabytes each, and requests still queued when
  // its time is up would be counted against the next phase.
  await phase(
    'package ranking',
    `package ranking (${students.length} participants)`,
    postPerStudent(students, rankingPath, () => ({})),
  );
  const rankingViews = await measureRankingViews(ctx.port, students, closed.id);
  return { rows, close, eventClose, rankingViews };
}
