import type { PageLoader } from './featureRoutes';

/** SPEC §2: pages are loaded lazily. */
export const page = (load: PageLoader) => async () => ({ Component: (await load()).default });

/** Route paths are written without the leading slash of Paths. */
export const strip = (path: string) => path.replace(/^\//, '');
