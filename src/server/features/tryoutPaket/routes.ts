import type { FeatureRoutes } from '../../app';

export const tryoutPaketRoutes: FeatureRoutes = async () => {};
