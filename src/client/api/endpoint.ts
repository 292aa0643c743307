import type { AxiosRequestConfig } from 'axios';
import type { AnyCall, CallBody, CallReply, PathArgs } from '../../contract';
import { http } from './http';
import { fillPath } from './path';

/**
 * The client's copy of one call of the contract, as "METHOD path" (`'POST /siswa/tryout/end/id/:id'`), typed as
 * the contract's literals so a changed call breaks the compiler, while the contract's runtime schemas (TypeBox)
 * stay out of the bundle.
 */
export type Endpoint<C extends AnyCall> = `${C['method']} ${C['path']}`;

/**
 * A save that has not answered in this time counts as failed (the run engine retries it): on a dropped phone
 * connection a request can otherwise hang for minutes and hold every later answer of its question.
 */
export const SAVE_CONFIG: AxiosRequestConfig = { timeout: 10_000 };

/** What a call sends: its body, or `{}` for a call without one (the JSON content type is kept). */
type Sent<C extends AnyCall> =
  CallBody<C> extends undefined ? Record<string, never> | undefined : CallBody<C>;

/** Make one call (`send<typeof someCall>('GET /path/:id', { id })`): fill the path's parameters, send the body, and
 * hand back the server's answer, typed by the contract. */
export async function send<C extends AnyCall>(
  to: Endpoint<C>,
  params: PathArgs<C>,
  body?: Sent<C>,
  config?: AxiosRequestConfig,
): Promise<CallReply<C>> {
  const [method, path] = to.split(' ') as [C['method'], C['path']];
  const { data } = await http.request<CallReply<C>>({
    ...config,
    method,
    url: fillPath<C>(path, params),
    data: body,
  });
  return data;
}
