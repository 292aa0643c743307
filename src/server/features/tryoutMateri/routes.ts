import type { FeatureRoutes } from '../../context';
import { hasilRoutes } from './hasil';
import { previewRoutes } from './preview';
import { ujianRoutes } from './ujian';

/** Per-topic tryout, "tryout permateri" (spec §7 /siswa/tryoutmateri/*). */
export const tryoutMateriRoutes: FeatureRoutes = (app, context) => {
  previewRoutes(app, context);
  ujianRoutes(app, context);
  hasilRoutes(app, context);
};
