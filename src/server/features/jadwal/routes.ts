import { jadwalCurrentCall, jadwalFutureCall, jadwalPreviousCall } from '../../../contract/jadwal';
import type { FeatureRoutes } from '../../context';
import { requireSelf } from '../../plugins/auth';
import { toJadwalItem } from './mapping';
import { jadwalSiswa, type JadwalWaktu } from './queries';

// The three calls differ only in their path, so they share one route shape.
type JadwalCall = Omit<typeof jadwalCurrentCall, 'path'> & { path: string };

const lists: [JadwalWaktu, JadwalCall][] = [
  ['current', jadwalCurrentCall],
  ['future', jadwalFutureCall],
  ['previous', jadwalPreviousCall],
];

/** The three schedule lists (`/siswa/jadwal/jadwalto{current,future,previous}/idsiswa/:idsiswa`). */
export const jadwalRoutes: FeatureRoutes = (app, { db, now }) => {
  for (const [waktu, call] of lists) {
    app.route({
      method: call.method,
      url: call.path,
      schema: call.schema,
      handler: async (request) => {
        const siswa = requireSelf(request, request.params.idsiswa);
        const rows = await jadwalSiswa(db, siswa.id, waktu, now());
        return { status: true, content: rows.map(toJadwalItem) };
      },
    });
  }
};
