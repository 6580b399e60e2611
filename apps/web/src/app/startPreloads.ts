import { opensOnHome, preloadDeepLink, preloadHome } from './preloadStart';

/**
 * Imported by main.tsx before the router: creating the router starts its first route's loading, and
 * what the launch screen waits on (its data call above all) should be asked for before that.
 */
void (opensOnHome(window.location.hash) ? preloadHome() : preloadDeepLink(window.location.hash));
