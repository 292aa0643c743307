/**
 * What a failed save call means for the answer in it. A transport failure (no answer at all, a timeout, a gateway
 * or server error, a 408 or 429) says nothing about the answer: it stays queued and is tried again. A refusal (any
 * other 4xx) is the server's word on it: the sheet rolls back. A 401 ends the session.
 */
import axios from 'axios';
import { retryAfterMs } from '../../../contract/retryAfter';

export type SaveFailure =
  | { kind: 'transport'; retryAfterMs: number | null }
  | { kind: 'refused'; message: string | undefined }
  | { kind: 'unauthorized' };

export function classifyFailure(error: unknown, now: number): SaveFailure {
  // Anything but an HTTP answer (a dropped connection, a timeout, status 0) tells nothing about the answer.
  if (!axios.isAxiosError(error) || !error.response || error.response.status === 0)
    return { kind: 'transport', retryAfterMs: null };
  const { status, headers, data } = error.response;
  if (status === 401) return { kind: 'unauthorized' };
  if (status >= 500 || status === 408 || status === 429) {
    const header: unknown =
      typeof headers?.get === 'function' ? headers.get('retry-after') : headers?.['retry-after'];
    return { kind: 'transport', retryAfterMs: retryAfterMs(header, now) };
  }
  const message = (data as { message?: unknown } | null)?.message;
  return { kind: 'refused', message: typeof message === 'string' ? message : undefined };
}
