import { Writable } from 'node:stream';

/** A log stream for buildTestApp that keeps each line it is given. */
export function captureLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line !== ''),
      );
      callback();
    },
  });
  return { stream, lines };
}
