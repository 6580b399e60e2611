// SPEC §2's seven contacts pages, loaded together through one import (routes.ts): they share
// most of their code, and one lazy import costs the start-up bundle less than seven.
export { default as AddFriendPage } from './AddFriendPage';
export { default as ChooseFriendPage } from './ChooseFriendPage';
export { default as EditGroupPage } from './EditGroupPage';
export { default as LinkPage } from './LinkPage';
export { default as MyGroupPage } from './MyGroupPage';
export { default as QrCodePage } from './QrCodePage';
export { default as TradeFriendPage } from './TradeFriendPage';
