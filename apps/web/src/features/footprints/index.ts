// What other features use of footprints: the stock detail page records each view here.
export { recordFootprint } from './store';
