import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { runLoad } from '../../src/bench/load';
import { sheddingServer } from '../helpers/sheddingServer';

jest.setTimeout(30_000);

const job = (url: string, amount: number) => ({
  url,
  connections: 1,
  duration: 10,
  amount,
  requests: [{ method: 'PUT' as const, path: '/api/simpan', body: '{}' }],
});

describe('the bench load generator on a server shedding load', () => {
  it('waits as Retry-After asks before its next request, as the SPA does', async () => {
    const server = await sheddingServer({ shed: 2, retryAfter: '1' });
    try {
      const result = await runLoad(job(server.url, 4));
      expect(server.calls).toHaveLength(4);
      expect(result.errors).toBe(2);
      // The report says which status they had.
      expect(result.errorsBy).toEqual({ '503': 2 });
      expect(result.acknowledged).toHaveLength(2);
      // Each request after a refusal came a second later, not at once; after a taken one, at once.
      expect(server.calls[1] - server.calls[0]).toBeGreaterThanOrEqual(950);
      expect(server.calls[2] - server.calls[1]).toBeGreaterThanOrEqual(950);
      expect(server.calls[3] - server.calls[2]).toBeLessThan(500);
      // Its one connection sat out two seconds, which the bench counts against the phase's rate.
      expect(result.satOutMs).toBeGreaterThanOrEqual(1900);
      expect(result.satOutMs).toBeLessThan(3000);
    } finally {
      server.close();
    }
  });

  it('times a job of a fixed number of requests from its first send to its last answer, not in whole seconds', async () => {
    const server = await sheddingServer({ shed: 0, retryAfter: null });
    try {
      const result = await runLoad(job(server.url, 5));
      expect(server.calls).toHaveLength(5);
      // Five answers on loopback take milliseconds (a loaded CI machine: tens of them); autocannon's own finish comes
      // at its next one-second sample, which made every such phase last a whole second or more.
      expect(result.seconds).toBeGreaterThan(0);
      expect(result.seconds).toBeLessThan(0.9);
      expect(result.perSecond).toBeCloseTo(5 / result.seconds, 6);
    } finally {
      server.close();
    }
  });

  it('reads the machine’s busy cores from its first send to its last answer, not to autocannon’s end', async () => {
    // Each of five answers keeps a core busy for 60 ms: 300 ms of a core in a load of about 300 ms, so at least one
    // core was busy throughout; read to autocannon's finish a second later, the same work would spread over 1.3 s.
    const server = createServer((_request, response) => {
      const until = performance.now() + 60;
      while (performance.now() < until);
      response.end('{"status":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await runLoad(job(`http://127.0.0.1:${port}`, 5));
      expect(result.loadBusyCores).toBeGreaterThan(0.75);
      expect(result.loadBusyCores).toBeLessThanOrEqual(cpus().length);
    } finally {
      server.close();
    }
  });

  it('waits a second after a 503 that names no wait', async () => {
    const server = await sheddingServer({ shed: 1, retryAfter: null });
    try {
      await runLoad(job(server.url, 2));
      expect(server.calls[1] - server.calls[0]).toBeGreaterThanOrEqual(950);
    } finally {
      server.close();
    }
  });

  it('does not wait after a failure that is not load shedding (a 500)', async () => {
    const server = await sheddingServer({ shed: 1, retryAfter: '1', status: 500 });
    try {
      const result = await runLoad(job(server.url, 2));
      expect(server.calls[1] - server.calls[0]).toBeLessThan(500);
      expect(result.errors).toBe(1);
      expect(result.errorsBy).toEqual({ '500': 1 });
      expect(result.satOutMs).toBe(0);
    } finally {
      server.close();
    }
  });
});
