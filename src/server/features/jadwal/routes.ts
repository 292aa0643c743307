import type { FeatureRoutes } from '../../app';

export const jadwalRoutes: FeatureRoutes = async () => {};
