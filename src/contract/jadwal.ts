/** Tryout schedules (/siswa/jadwal/*). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, defineCall } from './common';
import { IdSiswa } from './fields';

/** Status of a schedule item that is finished and whose discussion is available. */
export const JADWAL_STATUS_FINISHED = '5';

/** Schedule item. `status` is "5" when finished (discussion available), else "0". */
export const JadwalItem = Type.Object({
  id: Type.Number(),
  paket: Type.Number(),
  status: Type.String(),
  tgl_awal_str: Type.String(),
  tgl_akhir_str: Type.String(),
});
export type JadwalItem = Static<typeof JadwalItem>;

export const JadwalList = Type.Array(JadwalItem);
export type JadwalList = Static<typeof JadwalList>;

const params = Type.Object({ idsiswa: IdSiswa });

/** `GET /siswa/jadwal/jadwaltocurrent/idsiswa/{idsiswa}` — body none — answer status, content (schedule list). */
export const jadwalCurrentCall = defineCall({
  method: 'GET',
  path: '/siswa/jadwal/jadwaltocurrent/idsiswa/:idsiswa',
  params,
  response: Envelope(JadwalList),
});

/** `GET /siswa/jadwal/jadwaltoprevious/idsiswa/{idsiswa}` — body none — answer same (schedule list). */
export const jadwalPreviousCall = defineCall({
  method: 'GET',
  path: '/siswa/jadwal/jadwaltoprevious/idsiswa/:idsiswa',
  params,
  response: Envelope(JadwalList),
});

/** `GET /siswa/jadwal/jadwaltofuture/idsiswa/{idsiswa}` — body none — answer same (schedule list). */
export const jadwalFutureCall = defineCall({
  method: 'GET',
  path: '/siswa/jadwal/jadwaltofuture/idsiswa/:idsiswa',
  params,
  response: Envelope(JadwalList),
});
