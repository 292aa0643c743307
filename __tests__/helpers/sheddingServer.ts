import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SheddingServerOptions {
  /** How many of the first calls are refused. */
  shed: number;
  /** The Retry-After header of a refusal, or null to send none. */
  retryAfter: string | null;
  /** The status of a refusal: 503 by default, 500 for a failure that is not load shedding. */
  status?: number;
  /** The JSON body of a taken call. */
  takenBody?: unknown;
}

/**
 * A stand-in for a server shedding load: the first `shed` calls are refused as the real gate refuses them, every
 * later one is taken. `calls` holds when each call arrived, so a test can see how long a client waited.
 */
export async function sheddingServer({
  shed,
  retryAfter,
  status = 503,
  takenBody = { status: true },
}: SheddingServerOptions) {
  const calls: number[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    calls.push(Date.now());
    const refused = calls.length <= shed;
    response.writeHead(refused ? status : 200, {
      'content-type': 'application/json',
      ...(refused && retryAfter !== null ? { 'retry-after': retryAfter } : {}),
    });
    response.end(
      JSON.stringify(
        refused ? { status: false, message: 'Server sedang sibuk melayani banyak peserta.' } : takenBody,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, url: `http://127.0.0.1:${port}`, calls, close: () => server.close() };
}
