import type { FeatureRoutes } from '../../context';
import { nilaiRoutes } from './nilai';
import { pembahasanRoutes } from './pembahasan';
import { ptnRoutes } from './ptn';

/** Package results, PTN status, Sync and package discussion (spec §7 /siswa/tryout/hasil*, pembahasan). */
export const hasilRoutes: FeatureRoutes = (app, context) => {
  nilaiRoutes(app, context);
  ptnRoutes(app, context);
  pembahasanRoutes(app, context);
};
