/**
 * The web unit tests render with Preact, as the build ships it (src/build/preactAliases.ts). A library
 * that still reached React itself (a CommonJS `require('react')` bypasses the aliases) would render part
 * of a page with code that does not ship, so loading React fails the test file: React's development
 * builds announce themselves to this devtools hook as they load (react, react-dom and react-dom/client).
 */
(globalThis as { __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
  registerInternalModuleStart(loading: Error) {
    throw new Error(
      `React itself was loaded in a web unit test, which must render with Preact as the build does:\n${loading.stack}`,
    );
  },
};
