import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

/** SPEC §2: pages are loaded lazily. */
export const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** Route paths are written without the leading slash of Paths. */
export const strip = (path: string) => path.replace(/^\//, '');
