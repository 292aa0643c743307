import type { CallReply, jadwalCurrentCall, jadwalFutureCall, jadwalPreviousCall } from '../../contract';
import { http } from './http';
import { fillPath, type PathOf } from './path';

/** The three schedule lists. */
export type JadwalListName = 'current' | 'future' | 'previous';

const jadwalPaths: {
  current: PathOf<typeof jadwalCurrentCall>;
  future: PathOf<typeof jadwalFutureCall>;
  previous: PathOf<typeof jadwalPreviousCall>;
} = {
  current: '/siswa/jadwal/jadwaltocurrent/idsiswa/:idsiswa',
  future: '/siswa/jadwal/jadwaltofuture/idsiswa/:idsiswa',
  previous: '/siswa/jadwal/jadwaltoprevious/idsiswa/:idsiswa',
};

type JadwalCall = typeof jadwalCurrentCall | typeof jadwalFutureCall | typeof jadwalPreviousCall;

export type JadwalReply = CallReply<JadwalCall>;

export async function fetchJadwal(list: JadwalListName, idsiswa: number): Promise<JadwalReply> {
  const url = fillPath<JadwalCall>(jadwalPaths[list], { idsiswa });
  const { data } = await http.get<JadwalReply>(url);
  return data;
}
