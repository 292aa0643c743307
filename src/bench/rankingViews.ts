/**
 * The size of what the SPA fetches for one ranking view, over HTTP from the running server: the top page, the page
 * holding a student's own place ("posisi saya") at the top, the middle and the end of the listing, and the same for
 * a university choice. The answer of one view must stay small at any size of event (target: ≤ 30 KB of JSON at
 * 100,000 participants); the whole list is megabytes.
 */
import { rideOutMs } from './rideOut';
import type { BenchStudent } from './seedEvent';

/** The SPA's page size (RANKING_PER_HALAMAN_TAMPILAN of the client's ranking feature, which the server may not
 * import). */
export const RANKING_VIEW_ROWS = 50;

export interface RankingView {
  view: string;
  bytes: number;
}

interface Paged {
  content?: { posisi_saya?: number | null };
}

/**
 * How long one view may be refused before the bench gives up on it: a student would have pressed "Coba lagi" a few
 * times by then, and a server that sheds every read for two minutes is a finding, not a figure.
 */
const RANKING_VIEW_PATIENCE_MS = 120_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One view's call, asked again as the SPA would when the server is shedding load (after the `Retry-After` it
 * sends), so that the sizes are measured on a busy server too; any other failure ends the bench.
 */
async function post(port: number, student: BenchStudent, path: string, body: object) {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', key: student.token },
      body: JSON.stringify(body),
    });
    const raw = Buffer.from(await response.arrayBuffer());
    if (response.ok) return { bytes: raw.length, json: JSON.parse(raw.toString('utf8')) as Paged };
    const wait = rideOutMs(response.status, response.headers.get('retry-after'), Date.now());
    if (wait === null || Date.now() + wait - started > RANKING_VIEW_PATIENCE_MS)
      throw new Error(`${path}: HTTP ${response.status}`);
    await sleep(wait);
  }
}

/** Every view measured, in bytes of the JSON body. */
export async function measureRankingViews(
  port: number,
  students: readonly BenchStudent[],
  idJadwal: number,
): Promise<RankingView[]> {
  const views: RankingView[] = [];
  const per_halaman = RANKING_VIEW_ROWS;
  const picks = [students[0], students[Math.floor(students.length / 2)], students[students.length - 1]];
  const calls = [
    { name: 'package', path: (s: BenchStudent) => `/siswa/tryout/ranking/idsiswa/${s.id}/paket/${idJadwal}` },
    { name: 'choice 1', path: () => '/siswa/tryout/rankingjur' },
  ];
  for (const call of calls) {
    for (const [index, student] of picks.entries()) {
      const base = call.name === 'package' ? {} : { idsiswa: student.id, idjadwal: idJadwal, numoption: 1 };
      const top = await post(port, student, call.path(student), { ...base, halaman: 1, per_halaman });
      if (index === 0) views.push({ view: `${call.name}: top page`, bytes: top.bytes });
      const posisi = top.json.content?.posisi_saya;
      if (posisi === null || posisi === undefined) continue;
      const halaman = Math.ceil(posisi / per_halaman);
      const mine = await post(port, student, call.path(student), { ...base, halaman, per_halaman });
      views.push({ view: `${call.name}: "posisi saya" at place ${posisi}`, bytes: mine.bytes });
    }
  }
  return views;
}
