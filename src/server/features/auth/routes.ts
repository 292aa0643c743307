import type { FeatureRoutes } from '../../app';

export const authRoutes: FeatureRoutes = async () => {};
