import type { FeatureRoutes } from '../../app';

export const hasilRoutes: FeatureRoutes = async () => {};
