import type { FeatureRoutes } from '../../app';

export const tryoutMateriRoutes: FeatureRoutes = async () => {};
