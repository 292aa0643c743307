import type { laporanCall, LaporanBody } from '../../contract';
import { send } from './endpoint';

export function kirimLaporan(body: LaporanBody) {
  return send<typeof laporanCall>('POST /siswa/laporan', undefined, body);
}
