// SPEC §2's seven visitor pages, loaded together through one import (routes.ts): they share
// almost all their code, and one lazy import costs the start-up bundle less than seven.
export { default as AttentionPage } from './AttentionPage';
export { default as AttentionSearchPage } from './AttentionSearchPage';
export { default as ShopcartPage } from './ShopcartPage';
export { default as ShopcartSearchPage } from './ShopcartSearchPage';
export { default as VisitorDetailPage } from './VisitorDetailPage';
export { default as VisitorPage } from './VisitorPage';
export { default as VisitorSearchPage } from './VisitorSearchPage';
