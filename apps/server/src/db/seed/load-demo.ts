import type { FastifyInstance } from 'fastify';
import { computeHotRankingIfNone } from '../../modules/stock-search/stock-search.service';
import { seedDemoData } from './demo';
import { seedDemoAccounts } from './demo-accounts';
import { seedDemoAddresses } from './demo-addresses';
import { seedDemoCart } from './demo-cart';
import { seedDemoDispatch } from './demo-dispatch';
import { seedDemoFlows } from './demo-flows';
import { seedDemoForecasts } from './demo-forecasts';
import { seedDemoMemberships } from './demo-memberships';
import { seedDemoCashierOrder, seedDemoOrders } from './demo-orders';
import { seedDemoPrices } from './demo-prices';
import { seedDemoStaff } from './demo-staff';
import { seedDemoStocks } from './demo-stocks';

/** What `loadDemo` loaded: nothing at all on a database that already had users and prices. */
export interface DemoLoad {
  accounts: boolean;
  stocks: number;
  priceRows: number;
  flows: boolean;
  /** Settled demo forecast votes. */
  forecastVotes: number;
  /** Demo membership periods (a certified supplier due for renewal, a forecast VIP). */
  memberships: number;
  /** Demo accounts the demo operator disabled (one, with the demo supplier's team and contact ways). */
  disabledAccounts: number;
  /** Demo receipt addresses, invoice title and trade settings. */
  trade: number;
  /** The demo trade order's number (the demo buyer's, from the demo supplier, waiting for payment); '' when not loaded. */
  orderNo: string;
  /**
   * The demo order paid at the cashier (the demo buyer's, from the demo supplier, waiting to be shipped);
   * '' when not loaded, or when the sandbox cashier cannot pay (no PAY_SANDBOX).
   */
  cashierOrderNo: string;
  /** Lines in the demo buyer's cart (two of the demo supplier's lots). */
  cartLines: number;
  /** Demo dispatch groups (the demo supplier's, with two demo employees). */
  dispatchGroups: number;
  hotRanking: boolean;
}

/**
 * The start command's demo data (`--demo-data`), each part only into an empty database: the labelled
 * accounts and the demo supplier's listings, two years of demo quotes, then the flows walked through
 * the product's calls (they read the listings and quotes), the demo traders' settled forecast votes,
 * the demo memberships, the demo buyer's addresses, invoice title, the supplier's trade settings, the demo
 * order and the supplier's purchase order for the buyer, the demo order paid at the sandbox cashier, the demo buyer's cart, the demo supplier's team and a disabled demo account, the demo dispatch group, the demo supplier's employee, and last the hot ranking, when none exists,
 * over the demo listings' views.
 */
export async function loadDemo(app: FastifyInstance): Promise<DemoLoad> {
  const { db, clock } = app.deps;
  const accounts = await seedDemoData(db);
  const stocks = accounts ? await seedDemoStocks(db, clock.now()) : 0;
  const priceRows = await seedDemoPrices(db, clock.now());
  if (accounts) await seedDemoFlows(app);
  const forecastVotes = accounts ? await seedDemoForecasts(app) : 0;
  const memberships = accounts ? await seedDemoMemberships(app) : 0;
  const trade = accounts ? await seedDemoAddresses(app) : 0;
  if (accounts) await seedDemoStaff(app);
  // The order first: checking out takes the ordered lot's line out of the cart, so the cart comes after.
  const orderNo = accounts ? await seedDemoOrders(app) : '';
  // After the demo order: the supplier turns on online payment for this one, and the demo order keeps its terms.
  const cashierOrderNo = accounts ? await seedDemoCashierOrder(app) : '';
  const cartLines = accounts ? await seedDemoCart(app) : 0;
  const disabledAccounts = accounts ? await seedDemoAccounts(app) : 0;
  const dispatchGroups = accounts ? await seedDemoDispatch(app) : 0;
  const hotRanking = await computeHotRankingIfNone(db, clock.now());
  return {
    accounts,
    stocks,
    priceRows,
    flows: accounts,
    forecastVotes,
    memberships,
    trade,
    cartLines,
    orderNo,
    cashierOrderNo,
    disabledAccounts,
    dispatchGroups,
    hotRanking,
  };
}
