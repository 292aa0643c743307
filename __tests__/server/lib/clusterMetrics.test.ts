import { rmSync, writeFileSync } from 'node:fs';
import { listeningWorkers, startClusterWithFixture } from '../../helpers/clusterServer';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(120_000);

interface Scrape {
  status: number;
  /** The attempts counter's sample line, or the answer's start when there is none. */
  line: string;
}

async function scrape(port: number): Promise<Scrape> {
  const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
  const text = await answer.text();
  return {
    status: answer.status,
    line: text.split('\n').find((l) => l.startsWith('siaptes_attempts_started_total ')) ?? text.slice(0, 120),
  };
}

describe('/metrics of a cluster (WORKERS=2) whose second worker is still starting', () => {
  let dir: string;
  let whileStarting: Scrape;
  let listeningAfterGate: number;
  let onceBothServe: Scrape[];

  beforeAll(async () => {
    const cluster = await startClusterWithFixture('secondWorkerGate.mjs', 'SIAPTES_TEST_WORKER_GATE');
    ({ dir } = cluster);
    const { server, gate } = cluster;
    try {
      // Ready means the first worker serves; the second waits at the gate until it is opened below.
      whileStarting = await scrape(server.port);
      writeFileSync(gate, '');
      listeningAfterGate = await waitFor(
        () => listeningWorkers(server.output()),
        (n) => n === 2,
        60_000,
      );
      onceBothServe = [];
      for (let i = 0; i < 4; i++) onceBothServe.push(await scrape(server.port));
    } finally {
      await server.stop();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers a scrape from the serving worker without waiting for the one still starting', () => {
    expect(whileStarting).toEqual({ status: 200, line: 'siaptes_attempts_started_total 0' });
  });

  it('answers every scrape once both workers serve', () => {
    expect(listeningAfterGate).toBe(2);
    expect(onceBothServe).toEqual(Array(4).fill({ status: 200, line: 'siaptes_attempts_started_total 0' }));
  });
});
