/**
 * A student's call routed as the contract describes it: the caller must be the student the call names (403
 * otherwise), and the handler gets that student with the request's body and path parameters, typed by the call.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { AnyCall, CallReply } from '../../contract/common';
import type { App } from '../context';
import type { Siswa } from '../db/siswa';
import { requireSelf } from './auth';

/** The body and path parameters of a call's request, as its schema validated them. */
export interface CallInput<C extends AnyCall> {
  body: C['body'] extends TSchema ? Static<C['body']> : undefined;
  params: C['params'] extends TSchema ? Static<C['params']> : undefined;
}

/** The student a call's body names, as most calls spell it: `id_siswa`. */
export const byIdSiswa = ({ body }: { body: { id_siswa: number } }) => body.id_siswa;
/** The student a call's body names, as the spec's PTN and discussion calls spell it: `idsiswa`. */
export const byIdsiswa = ({ body }: { body: { idsiswa: number } }) => body.idsiswa;
/** The student a call's path names: `:idsiswa`. */
export const byPathIdsiswa = ({ params }: { params: { idsiswa: number } }) => params.idsiswa;

/** Route `call`: `idSiswaOf` reads which student it names, `handle` answers it for that student. */
export function routeSiswa<C extends AnyCall>(
  app: App,
  call: C,
  idSiswaOf: (input: CallInput<C>) => number,
  handle: (siswa: Siswa, input: CallInput<C>) => Promise<CallReply<C>>,
): void {
  app.route({
    method: call.method,
    url: call.path,
    schema: call.schema,
    handler: async (request) => {
      // Fastify has validated the body and params against `call.schema`: they have the call's types.
      const input = request as unknown as CallInput<C>;
      return handle(requireSelf(request, idSiswaOf(input)), input);
    },
  });
}
