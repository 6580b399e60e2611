import { ACCOUNTS_MESSAGES } from './accounts/messages';
import { ADDRESSES_MESSAGES } from './addresses/messages';
import { AGENT_BUYS_MESSAGES } from './agent-buys/messages';
import { ALBUMS_MESSAGES } from './albums/messages';
import { CALENDAR_MESSAGES } from './calendar/messages';
import { CAPACITIES_MESSAGES } from './capacities/messages';
import { CART_MESSAGES } from './cart/messages';
import { CHAT_MESSAGES } from './chat/messages';
import { CHECK_PRICES_MESSAGES } from './check-prices/messages';
import { COMPANIES_MESSAGES } from './companies/messages';
import type { Language } from './constants';
import { CONTACTS_MESSAGES } from './contacts/messages';
import { FILES_MESSAGES } from './files/messages';
import { FOOTPRINTS_MESSAGES } from './footprints/messages';
import { FORECASTS_MESSAGES } from './forecasts/messages';
import { INQUIRIES_MESSAGES } from './inquiries/messages';
import { MAPS_MESSAGES } from './maps/messages';
import { MARKETS_MESSAGES } from './markets/messages';
import { MEMBERSHIPS_MESSAGES } from './memberships/messages';
import { COMMON_MESSAGES } from './messages-common';
import { NEARBY_MESSAGES } from './nearby/messages';
import { ORDERS_MESSAGES } from './orders/messages';
import { PAYMENTS_MESSAGES } from './payments/messages';
import { PUSH_MESSAGES } from './push/messages';
import { QUICK_BUYS_MESSAGES } from './quick-buys/messages';
import { SHOPS_MESSAGES } from './shops/messages';
import { STAFF_MESSAGES } from './staff/messages';
import { STOCK_MANAGER_MESSAGES } from './stock-manager/messages';
import { STOCK_SEARCH_MESSAGES } from './stock-search/messages';
import { STOCKS_MESSAGES } from './stocks/messages';
import { VERIFICATION_MESSAGES } from './verification/messages';
import { VISITORS_MESSAGES } from './visitors/messages';

/**
 * User-facing messages shared by the server's `mesg` and the web app's form errors, so that one
 * rule reads the same everywhere: each feature's (`<feature>/messages.ts`) spread into one catalogue.
 * Keys are semantic; `{name}` placeholders are filled by `translate`.
 */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...ACCOUNTS_MESSAGES,
  ...ADDRESSES_MESSAGES,
  ...COMPANIES_MESSAGES,
  ...SHOPS_MESSAGES,
  ...PUSH_MESSAGES,
  ...CALENDAR_MESSAGES,
  ...MARKETS_MESSAGES,
  ...FORECASTS_MESSAGES,
  ...FOOTPRINTS_MESSAGES,
  ...VERIFICATION_MESSAGES,
  ...FILES_MESSAGES,
  ...ALBUMS_MESSAGES,
  ...CAPACITIES_MESSAGES,
  ...STOCKS_MESSAGES,
  ...STOCK_MANAGER_MESSAGES,
  ...VISITORS_MESSAGES,
  ...MAPS_MESSAGES,
  ...NEARBY_MESSAGES,
  ...STOCK_SEARCH_MESSAGES,
  ...CHAT_MESSAGES,
  ...CONTACTS_MESSAGES,
  ...INQUIRIES_MESSAGES,
  ...CHECK_PRICES_MESSAGES,
  ...QUICK_BUYS_MESSAGES,
  ...AGENT_BUYS_MESSAGES,
  ...MEMBERSHIPS_MESSAGES,
  ...PAYMENTS_MESSAGES,
  ...STAFF_MESSAGES,
  ...ORDERS_MESSAGES,
  ...CART_MESSAGES,
};

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(MESSAGES, key);
}

export function translate(key: string, lang: Language, params: Record<string, string | number> = {}): string {
  const entry = isMessageKey(key) ? MESSAGES[key] : MESSAGES['common.invalidInput'];
  return entry[lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
