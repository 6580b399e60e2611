/**
 * Registers the service worker (/sw.js: the offline shell and pushes) once the page has loaded, so
 * its keeping of the shell's files never competes with the first screen. Only in a built app: the
 * development server has no /sw.js. Registering again (features/push does) is harmless.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      // Without the worker the app still works online; it only cannot open offline or show pushes.
      console.warn('[sw] registration failed:', error);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
