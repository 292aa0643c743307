import type { FeatureRoutes } from '../../app';

export const profileRoutes: FeatureRoutes = async () => {};
