/**
 * A student's problem report (README "Support"): beyond the spec's thirty calls, so not in `calls`. The report
 * carries the page load's Redux DevTools export as the extension's Export writes it (`devtools`), which support
 * fetches with `siaptes laporan ambil` and imports into the real extension.
 */
import { Type } from '@sinclair/typebox';
import { Envelope, defineCall, type CallBody } from './common';
import { PESAN_MAKS } from './laporanBatas';

/** `POST /siswa/laporan` — answer content.kode, the code the student quotes to support (`XXXX-XXXX`). */
export const laporanCall = defineCall({
  method: 'POST',
  path: '/siswa/laporan',
  body: Type.Object({
    pesan: Type.String({ minLength: 1, maxLength: PESAN_MAKS }),
    devtools: Type.String({ minLength: 2 }),
    versi: Type.String({ maxLength: 100 }),
    user_agent: Type.String({ maxLength: 1000 }),
    url: Type.String({ maxLength: 2000 }),
    request_ids: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 }),
  }),
  response: Envelope(Type.Object({ kode: Type.String() })),
});
export type LaporanBody = CallBody<typeof laporanCall>;
