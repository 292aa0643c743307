import { rmSync, writeFileSync } from 'node:fs';
import { listeningWorkers, startClusterWithFixture } from '../../helpers/clusterServer';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(120_000);

describe('a worker that leaves the cluster (WORKERS=2) while the primary answers its metrics question', () => {
  let dir: string;
  let replacementListened: number;
  let readyAfter: number;
  let exitCode: number | null;
  let output: string;

  beforeAll(async () => {
    const cluster = await startClusterWithFixture('askMetricsAndLeave.mjs', 'SIAPTES_TEST_LEAVE_GATE');
    ({ dir } = cluster);
    const { server, gate } = cluster;
    try {
      await waitFor(
        () => listeningWorkers(server.output()),
        (n) => n === 2,
        60_000,
      );
      writeFileSync(gate, '');
      // The replacement of the worker that left is the third to listen (unless the whole server has gone).
      replacementListened = await waitFor(
        () => listeningWorkers(server.output()),
        (n) => n === 3 || server.child.exitCode !== null,
        60_000,
      );
      readyAfter = await fetch(`http://127.0.0.1:${server.port}/readyz`).then(
        (answer) => answer.status,
        () => 0,
      );
      server.child.kill('SIGTERM');
      exitCode = await server.exited;
    } finally {
      await server.stop();
      output = server.output();
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the primary running: it replaces the worker and the server still serves', () => {
    expect(output).not.toContain("Unhandled 'error' event");
    expect(output).toContain('menjalankan pengganti');
    expect(replacementListened).toBe(3);
    expect(readyAfter).toBe(200);
  });

  it('logs the message it could not deliver', () => {
    expect(output).toMatch(/pesan ke worker \d+ tidak terkirim/);
  });

  it('still stops cleanly on SIGTERM, with exit code 0', () => {
    expect(exitCode).toBe(0);
  });
});
