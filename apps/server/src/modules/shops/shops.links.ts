import { EMPTY_PRODUCT_CARD } from '@metal/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { users } from '../accounts/accounts.table';
import type { ProductLinkChecker } from '../chat/chat.product-links';
import { companies } from '../companies/companies.table';

/** A shop: a company whose shop is open (proId is the company's rootId). */
export const shopLink: ProductLinkChecker = async ({ db }, proId) => {
  const [company] = await db
    .select({ name: companies.name, brand: companies.brand, city: companies.city, head: users.head })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.rootId))
    .where(and(eq(companies.rootId, proId), isNotNull(companies.shopOpenedAt)));
  if (!company) return null;
  return {
    ...EMPTY_PRODUCT_CARD,
    productName: company.name,
    details: [company.brand],
    city: company.city,
    picture: company.head ?? '',
    companyName: company.name,
  };
};
