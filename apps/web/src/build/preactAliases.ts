/**
 * React's API on Preact (preact/compat) in the web build: the same components in about a tenth of
 * react-dom's bytes, which was most of what a phone downloaded before the home screen showed (issue 16:
 * the home route went from 153.7 KB to 103.8 KB brotli). The code keeps importing 'react' and its types.
 * The e2e specs drive this build, and vitest's web project resolves through these aliases too, so the
 * unit tests render what ships (see README "Web app").
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  // CommonJS helpers antd-mobile pulls in that would otherwise require React itself: Preact has the hook,
  // and rc-util ships the same helpers as ES modules.
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^rc-util\/lib\/(.*)$/, replacement: 'rc-util/es/$1' },
];
