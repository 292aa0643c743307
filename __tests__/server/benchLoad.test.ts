import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runLoad } from '../../src/server/cli/bench/load';

jest.setTimeout(30_000);

/** A stand-in server: the first `shed` calls are answered `status` with `retryAfter`, every later one is taken. */
async function standIn(shed: number, retryAfter: string | null, status = 503) {
  const calls: number[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    calls.push(Date.now());
    const refused = calls.length <= shed;
    response.writeHead(refused ? status : 200, {
      'content-type': 'application/json',
      ...(refused && retryAfter !== null ? { 'Retry-After': retryAfter } : {}),
    });
    response.end(JSON.stringify({ status: !refused }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => server.close() };
}

const job = (url: string, amount: number) => ({
  url,
  connections: 1,
  duration: 10,
  amount,
  requests: [{ method: 'PUT' as const, path: '/api/simpan', body: '{}' }],
});

describe('the bench load generator on a server shedding load', () => {
  it('waits as Retry-After asks before its next request, as the SPA does', async () => {
    const server = await standIn(2, '1');
    try {
      const result = await runLoad(job(server.url, 4));
      expect(server.calls).toHaveLength(4);
      expect(result.errors).toBe(2);
      expect(result.acknowledged).toHaveLength(2);
      // Each request after a refusal came a second later, not at once; after a taken one, at once.
      expect(server.calls[1] - server.calls[0]).toBeGreaterThanOrEqual(950);
      expect(server.calls[2] - server.calls[1]).toBeGreaterThanOrEqual(950);
      expect(server.calls[3] - server.calls[2]).toBeLessThan(500);
    } finally {
      server.close();
    }
  });

  it('waits a second after a 503 that names no wait', async () => {
    const server = await standIn(1, null);
    try {
      await runLoad(job(server.url, 2));
      expect(server.calls[1] - server.calls[0]).toBeGreaterThanOrEqual(950);
    } finally {
      server.close();
    }
  });

  it('does not wait after a failure that is not load shedding (a 500)', async () => {
    const server = await standIn(1, '1', 500);
    try {
      await runLoad(job(server.url, 2));
      expect(server.calls[1] - server.calls[0]).toBeLessThan(500);
    } finally {
      server.close();
    }
  });
});
