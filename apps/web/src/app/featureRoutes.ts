import type { ComponentType } from 'react';

/** A page module, loaded when its route is first visited (SPEC §2: pages are loaded lazily). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * A feature's pages by their hash route (a path of Paths, or a pattern such as '/pages/message/:page'),
 * declared in the feature's routes.ts and collected by app/pageRoutes.ts.
 */
export type FeatureRoutes = Readonly<Record<string, PageLoader>>;
