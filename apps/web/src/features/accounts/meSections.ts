import type { TProfileSummary } from '@metal/shared';

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
const ACCOUNT_TOOLS = ['orders', 'company', 'receiptAddress', 'invoice'] as const;

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
