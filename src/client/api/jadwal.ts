import type { jadwalCurrentCall, jadwalFutureCall, jadwalPreviousCall } from '../../contract';
import { send, type Endpoint } from './endpoint';

/** The three schedule lists. */
export type JadwalListName = 'current' | 'future' | 'previous';

type JadwalCall = typeof jadwalCurrentCall | typeof jadwalFutureCall | typeof jadwalPreviousCall;

const jadwalEndpoints: Record<JadwalListName, Endpoint<JadwalCall>> = {
  current: 'GET /siswa/jadwal/jadwaltocurrent/idsiswa/:idsiswa',
  future: 'GET /siswa/jadwal/jadwaltofuture/idsiswa/:idsiswa',
  previous: 'GET /siswa/jadwal/jadwaltoprevious/idsiswa/:idsiswa',
};

export function fetchJadwal(list: JadwalListName, idsiswa: number) {
  return send<JadwalCall>(jadwalEndpoints[list], { idsiswa });
}
