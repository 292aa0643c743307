import { measureRankingViews } from '../../src/bench/rankingViews';
import { sheddingServer } from '../helpers/sheddingServer';

jest.setTimeout(30_000);

const students = [1, 2, 3].map((id) => ({ id, username: `bench0${id}`, token: `token-${id}` }));

/** A taken call is a ranking page. */
const rankingPage = { status: true, content: { posisi_saya: 120, data: [] } };

describe('the bench ranking views on a server shedding load', () => {
  it('waits as Retry-After asks and asks again, as the SPA does, then measures every view', async () => {
    const server = await sheddingServer({ shed: 2, retryAfter: '1', takenBody: rankingPage });
    try {
      const views = await measureRankingViews(server.port, students, 7);
      // Two calls per student and view kind (top page, then the page of "posisi saya"), plus the two refused.
      expect(server.calls).toHaveLength(14);
      expect(views.map((v) => v.view)).toContain('package: top page');
      expect(views.map((v) => v.view)).toContain('choice 1: "posisi saya" at place 120');
      // Each retry came a second after its refusal, not at once.
      expect(server.calls[1] - server.calls[0]).toBeGreaterThanOrEqual(950);
      expect(server.calls[2] - server.calls[1]).toBeGreaterThanOrEqual(950);
    } finally {
      server.close();
    }
  });

  it('asks again after a second when a 503 names no wait', async () => {
    const server = await sheddingServer({ shed: 1, retryAfter: null, takenBody: rankingPage });
    try {
      await expect(measureRankingViews(server.port, students, 7)).resolves.toHaveLength(8);
      expect(server.calls[1] - server.calls[0]).toBeGreaterThanOrEqual(950);
    } finally {
      server.close();
    }
  });

  it('gives up on an answer that is not load shedding (a 500), without asking again', async () => {
    const server = await sheddingServer({
      shed: 1,
      retryAfter: '1',
      status: 500,
      takenBody: rankingPage,
    });
    try {
      await expect(measureRankingViews(server.port, students, 7)).rejects.toThrow('HTTP 500');
      expect(server.calls).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
