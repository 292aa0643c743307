import { profileUserCall } from '../../../contract/profile';
import type { FeatureRoutes } from '../../context';
import { requireSelf } from '../../plugins/auth';
import { toProfileUser } from '../../lib/profilSiswa';

/** `GET /siswa/profil/user/id/:idsiswa`: the caller's own profile (another id → 403). */
export const profileRoutes: FeatureRoutes = (app, { config }) => {
  app.route({
    method: profileUserCall.method,
    url: profileUserCall.path,
    schema: profileUserCall.schema,
    handler: async (request) => {
      const siswa = requireSelf(request, request.params.idsiswa);
      return { status: true, content: toProfileUser(siswa, config) };
    },
  });
};
