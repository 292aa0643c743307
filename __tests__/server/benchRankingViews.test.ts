import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { measureRankingViews } from '../../src/server/cli/bench/rankingViews';

jest.setTimeout(30_000);

const students = [1, 2, 3].map((id) => ({ id, username: `bench0${id}`, token: `token-${id}` }));

/** A stand-in server: the first `shed` calls are answered 503 with `retryAfter`, every later one a ranking page. */
async function rankingServer(shed: number, retryAfter: string | null, status = 503) {
  const calls: number[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    calls.push(Date.now());
    if (calls.length <= shed) {
      response.writeHead(status, {
        'content-type': 'application/json',
        ...(retryAfter === null ? {} : { 'retry-after': retryAfter }),
      });
      response.end(
        JSON.stringify({ status: false, message: 'Server sedang sibuk melayani banyak peserta.' }),
      );
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: true, content: { posisi_saya: 120, data: [] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, calls, close: () => server.close() };
}

describe('the bench ranking views on a server shedding load', () => {
  it('waits as Retry-After asks and asks again, as the SPA does, then measures every view', async () => {
    const server = await rankingServer(2, '1');
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
    const server = await rankingServer(1, null);
    try {
      await expect(measureRankingViews(server.port, students, 7)).resolves.toHaveLength(8);
      expect(server.calls[1] - server.calls[0]).toBeGreaterThanOrEqual(950);
    } finally {
      server.close();
    }
  });

  it('gives up on an answer that is not load shedding (a 500), without asking again', async () => {
    const server = await rankingServer(1, '1', 500);
    try {
      await expect(measureRankingViews(server.port, students, 7)).rejects.toThrow('HTTP 500');
      expect(server.calls).toHaveLength(1);
    } finally {
      server.close();
    }
  });
});
