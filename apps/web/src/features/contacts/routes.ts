// The router's way to the contacts pages. The router imports this tiny module, and this module the
// pages: so the list of chunks the pages need is written here, not into the start-up bundle.
export const loadContactsPages = () => import('./pages');
