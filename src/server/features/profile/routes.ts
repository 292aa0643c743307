import { profileUserCall } from '../../../contract/profile';
import type { FeatureRoutes } from '../../context';
import { requireSelf } from '../../plugins/auth';
import { findSiswaById } from '../../db/siswa';
import { toProfileUser } from '../../lib/profilSiswa';
import { HttpError } from '../../lib/httpError';

/** `GET /siswa/profil/user/id/:idsiswa`: the caller's own profile (another id → 403). */
export const profileRoutes: FeatureRoutes = (app, { db, config }) => {
  app.route({
    method: profileUserCall.method,
    url: profileUserCall.path,
    schema: profileUserCall.schema,
    handler: async (request) => {
      const { id } = requireSelf(request, request.params.idsiswa);
      // The session carries only what the rules read; the profile is the whole row.
      const siswa = await findSiswaById(db, id);
      if (!siswa) throw new HttpError(401, 'Sesi tidak ditemukan, silakan login kembali');
      return { status: true, content: toProfileUser(siswa, config) };
    },
  });
};
