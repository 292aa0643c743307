import type { CallReply, profileUserCall } from '../../contract';
import { http } from './http';
import { fillPath, type PathOf } from './path';

const profileUserPath: PathOf<typeof profileUserCall> = '/siswa/profil/user/id/:idsiswa';

export type ProfileUserReply = CallReply<typeof profileUserCall>;

export async function fetchProfileUser(idsiswa: number): Promise<ProfileUserReply> {
  const { data } = await http.get<ProfileUserReply>(
    fillPath<typeof profileUserCall>(profileUserPath, { idsiswa }),
  );
  return data;
}
