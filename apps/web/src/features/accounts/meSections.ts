import { Calls, type Permission, type TProfileSummary } from '@metal/shared';
import { allows } from '../staff/useCan';

/** Who the me tab is laid out for: the company's business model (SPEC §3 company info) read as a trade. */
export type MeRole = 'buyer' | 'supplier' | 'both';

/** A buyer buys; producers and traders sell; 'other' and a company not described yet may do either. */
export function roleOf(businessModel: TProfileSummary['businessModel']): MeRole {
  if (businessModel === 'buyer') return 'buyer';
  if (businessModel === 'producer' || businessModel === 'trader') return 'supplier';
  return 'both';
}

const BUYER_TOOLS = ['inquiries', 'agentBuys', 'quickBuy', 'contacts', 'footprints', 'favourites'] as const;
const SUPPLIER_TOOLS = [
  'stockManager',
  'postStock',
  'capacity',
  'stock',
  'orderTaking',
  'dispatch',
  'visitors',
  'vip',
  'tradeSet',
] as const;
// My orders heads the account section: bought and sold orders are both the company's (issue 16's order hub).
const ACCOUNT_TOOLS = ['orders', 'company', 'receiptAddress', 'invoice', 'staff'] as const;

export type ServiceKey =
  | (typeof BUYER_TOOLS)[number]
  | (typeof SUPPLIER_TOOLS)[number]
  | (typeof ACCOUNT_TOOLS)[number];

export type MeSectionKey = 'buying' | 'selling' | 'account' | 'more';
export type MeSection = { key: MeSectionKey; items: readonly ServiceKey[] };

/**
 * The me tab's sections for a role: the role's own tools first, then the account, then the other trade's
 * tools under "more" — kept, since a buyer may start selling, but no longer in the way.
 */
export function meSections(role: MeRole): MeSection[] {
  const buying: MeSection = { key: 'buying', items: BUYER_TOOLS };
  const selling: MeSection = { key: 'selling', items: SUPPLIER_TOOLS };
  const account: MeSection = { key: 'account', items: ACCOUNT_TOOLS };
  if (role === 'buyer') return [buying, account, { key: 'more', items: SUPPLIER_TOOLS }];
  if (role === 'supplier') {
    // A supplier keeps its contacts up front: the people it quotes to are there.
    return [
      { key: 'selling', items: [...SUPPLIER_TOOLS, 'contacts'] },
      account,
      { key: 'more', items: BUYER_TOOLS.filter((key) => key !== 'contacts') },
    ];
  }
  return [buying, selling, account];
}

/**
 * The company permission an entry's page is for (staff): the me tab hides an entry whose permission the
 * user lacks, as the server would refuse what the page does — read from the contract of the call the page
 * is for, so the entry and the server agree. Entries not listed are every member's.
 */
export const PERMISSION_OF: Partial<Record<ServiceKey, Permission | undefined>> = {
  orders: Calls.orderList.permission,
  receiptAddress: Calls.receiptAddressList.permission,
  invoice: Calls.invoiceList.permission,
  postStock: Calls.stockSave.permission,
  capacity: Calls.capacitySave.permission,
  stock: Calls.shopApply.permission,
  visitors: Calls.visitorList.permission,
  staff: Calls.staffList.permission,
  dispatch: Calls.dispatchQueue.permission,
  // vip/open checks it in its service, for the company's membership only (a forecast VIP is the person's own).
  vip: 'membership',
};

/** The sections with only the entries `permissions` allow (all of them while the permissions are unknown). */
export function allowedSections(sections: MeSection[], permissions: readonly Permission[] | undefined): MeSection[] {
  if (!permissions) return sections;
  return sections
    .map((section) => ({
      ...section,
      items: section.items.filter((key) => allows(permissions, PERMISSION_OF[key])),
    }))
    .filter((section) => section.items.length > 0);
}
