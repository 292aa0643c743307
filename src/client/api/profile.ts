import type { profileUserCall } from '../../contract';
import { send } from './endpoint';

export function fetchProfileUser(idsiswa: number) {
  return send<typeof profileUserCall>('GET /siswa/profil/user/id/:idsiswa', { idsiswa });
}
