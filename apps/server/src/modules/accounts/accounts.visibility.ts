import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts.table';

/**
 * Public lists show nothing of a company whose owner's account is disabled. Disabling takes the
 * company's listings off sale, but a listing a colleague sends to review afterwards could pass it; this
 * keeps such a listing out of every public list until the account is enabled again.
 */
export const ofActiveCompany = (rootId: PgColumn): SQL =>
  sql`not exists (select 1 from ${users} where ${users.id} = ${rootId} and ${users.status} = 'disabled')`;
