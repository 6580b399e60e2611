import { accountsCalls } from './accounts/calls';
import { addressesCalls } from './addresses/calls';
import { agentBuysCalls } from './agent-buys/calls';
import { albumsCalls } from './albums/calls';
import { calendarCalls } from './calendar/calls';
import { capacitiesCalls } from './capacities/calls';
import { cartCalls } from './cart/calls';
import { chatCalls } from './chat/calls';
import { checkPricesCalls } from './check-prices/calls';
import { companiesCalls } from './companies/calls';
import { contactsCalls } from './contacts/calls';
import { filesCalls } from './files/calls';
import { footprintsCalls } from './footprints/calls';
import { forecastsCalls } from './forecasts/calls';
import { inquiriesCalls } from './inquiries/calls';
import { mapsCalls } from './maps/calls';
import { marketsCalls } from './markets/calls';
import { membershipsCalls } from './memberships/calls';
import { nearbyCalls } from './nearby/calls';
import { noticesCalls } from './notices/calls';
import { operatorsCalls } from './operators/calls';
import { ordersCalls } from './orders/calls';
import { paymentsCalls } from './payments/calls';
import { pushCalls } from './push/calls';
import { quickBuysCalls } from './quick-buys/calls';
import { shopsCalls } from './shops/calls';
import { staffCalls } from './staff/calls';
import { stockManagerCalls } from './stock-manager/calls';
import { stockSearchCalls } from './stock-search/calls';
import { stocksCalls } from './stocks/calls';
import { verificationCalls } from './verification/calls';
import { visitorsCalls } from './visitors/calls';

export {
  type CallContract,
  type CallPath,
  type CallRequest,
  type CallResponse,
  FEATURES,
  type Feature,
} from './contract';

/** Every `.htmls` call by name: each feature's calls (`<feature>/calls.ts`) spread into one catalogue. */
export const Calls = {
  ...accountsCalls,
  ...addressesCalls,
  ...chatCalls,
  ...pushCalls,
  ...footprintsCalls,
  ...companiesCalls,
  ...calendarCalls,
  ...marketsCalls,
  ...forecastsCalls,
  ...verificationCalls,
  ...operatorsCalls,
  ...filesCalls,
  ...albumsCalls,
  ...shopsCalls,
  ...stocksCalls,
  ...stockManagerCalls,
  ...visitorsCalls,
  ...capacitiesCalls,
  ...mapsCalls,
  ...nearbyCalls,
  ...stockSearchCalls,
  ...noticesCalls,
  ...contactsCalls,
  ...inquiriesCalls,
  ...checkPricesCalls,
  ...quickBuysCalls,
  ...agentBuysCalls,
  ...membershipsCalls,
  ...paymentsCalls,
  ...staffCalls,
  ...ordersCalls,
  ...cartCalls,
} as const;

export type CallName = keyof typeof Calls;
