import type { ModuleOverrides } from '../platform/module';
import { accountsModule } from './accounts/accounts.module';
import { addressesModule } from './addresses/addresses.module';
import { agentBuysModule } from './agent-buys/agent-buys.module';
import { albumsModule } from './albums/albums.module';
import { calendarModule } from './calendar/calendar.module';
import { capacitiesModule } from './capacities/capacities.module';
import { cartModule } from './cart/cart.module';
import { chatModule } from './chat/chat.module';
import { checkPricesModule } from './check-prices/check-prices.module';
import { companiesModule } from './companies/companies.module';
import { contactsModule } from './contacts/contacts.module';
import { filesModule } from './files/files.module';
import { footprintsModule } from './footprints/footprints.module';
import { forecastsModule } from './forecasts/forecasts.module';
import { inquiriesModule } from './inquiries/inquiries.module';
import { mapsModule } from './maps/maps.module';
import { marketsModule } from './markets/markets.module';
import { membershipsModule } from './memberships/memberships.module';
import { nearbyModule } from './nearby/nearby.module';
import { noticesModule } from './notices/notices.module';
import { operatorsModule } from './operators/operators.module';
import { ordersModule } from './orders/orders.module';
import { paymentsModule } from './payments/payments.module';
import { pushModule } from './push/push.module';
import { quickBuysModule } from './quick-buys/quick-buys.module';
import { shopsModule } from './shops/shops.module';
import { staffModule } from './staff/staff.module';
import { stockManagerModule } from './stock-manager/stock-manager.module';
import { stockSearchModule } from './stock-search/stock-search.module';
import { stocksModule } from './stocks/stocks.module';
import { verificationModule } from './verification/verification.module';
import { visitorsModule } from './visitors/visitors.module';

/** Every server feature, one line each: buildApp registers them, main.ts schedules their jobs (DESIGN "Layout"). */
export const MODULES = [
  accountsModule,
  addressesModule,
  agentBuysModule,
  albumsModule,
  calendarModule,
  capacitiesModule,
  cartModule,
  chatModule,
  checkPricesModule,
  companiesModule,
  contactsModule,
  filesModule,
  footprintsModule,
  forecastsModule,
  inquiriesModule,
  mapsModule,
  marketsModule,
  membershipsModule,
  nearbyModule,
  noticesModule,
  operatorsModule,
  ordersModule,
  paymentsModule,
  pushModule,
  quickBuysModule,
  shopsModule,
  staffModule,
  stockManagerModule,
  stockSearchModule,
  stocksModule,
  verificationModule,
  visitorsModule,
] as const;

export type ModuleName = (typeof MODULES)[number]['name'];

/** Parts of named modules to replace, as tests give them (`buildTestApp({ modules: { … } })`). */
export type ServerModuleOverrides = ModuleOverrides<ModuleName>;
