import { launchBrowser, takeCspViolations, type Browser } from './browser';
import { startServer, type E2EServer } from './e2eServer';

export interface E2ESuite {
  readonly server: E2EServer;
  readonly browser: Browser;
}

/**
 * One production server (fresh self-seeded database; the build's SPA or the copy in `publicDir`) and one Chromium
 * for the suite that calls it, started in beforeAll and stopped in afterAll; after each journey, no CSP violation may have been reported.
 */
export function startE2eSuite(options: { publicDir?: string } = {}): E2ESuite {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(options);
    browser = await launchBrowser();
  }, 600_000);
  // Every journey runs under the server's Content-Security-Policy: none of its screens may break it.
  afterEach(() => {
    expect(takeCspViolations()).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} belum dijalankan (beforeAll gagal?)`);
    return value;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
