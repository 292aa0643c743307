import type { FeatureRoutes } from '../app';

export const pdfRoutes: FeatureRoutes = async () => {};
