import type { FeatureRoutes } from '../../app';

export const rankingRoutes: FeatureRoutes = async () => {};
