import type { Actor } from '../../platform/actor';

/**
 * Who may see and pay a payment order: anyone of the company it belongs to (an owner or their staff buy
 * for the company). Everyone else is refused (codeFlag 3); operators see orders through the console calls.
 */
export const mayPayOrder = (actor: Actor, order: { rootId: number }) => order.rootId === actor.rootId;
