/** The server's log destination: lines written in blocks of whole lines, and never held for long. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverLogDestination } from '../../../src/server/plugins/requestLog';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'siaptes-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = (file: string) => readFileSync(file, 'utf8');

async function until(check: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - start;
}

describe('the server log', () => {
  it('holds a lone line back, and writes it within about a second', async () => {
    const file = join(dir, 'server.log');
    // The flush runs every second from the destination's creation: a lone line waits for it, never longer.
    const created = performance.now();
    const log = serverLogDestination(file);
    await new Promise((resolve) => log.once('ready', resolve));
    log.write('{"msg":"request completed"}\n');
    await until(() => read(file) !== '', 2500);
    const heldMs = performance.now() - created;
    expect(heldMs).toBeGreaterThanOrEqual(950);
    expect(heldMs).toBeLessThan(2500);
    expect(read(file)).toBe('{"msg":"request completed"}\n');
    log.destroy();
  });

  it('writes a block as soon as nearly 4 KB of lines have gathered, whole lines only', async () => {
    const file = join(dir, 'server.log');
    const log = serverLogDestination(file);
    await new Promise((resolve) => log.once('ready', resolve));
    const lines = Array.from({ length: 40 }, (_, i) => `{"n":${i},"pad":"${'x'.repeat(180)}"}\n`);
    for (const line of lines) log.write(line);
    // 40 lines of ~200 bytes: at least one block goes out at once, not after the second.
    const waited = await until(() => read(file) !== '', 900);
    expect(waited).toBeLessThan(900);
    const written = read(file);
    expect(written.endsWith('\n')).toBe(true);
    expect(written.length).toBeLessThanOrEqual(8192);
    await until(() => read(file).length === lines.join('').length, 1500);
    expect(read(file)).toBe(lines.join(''));
    log.destroy();
  });
});
