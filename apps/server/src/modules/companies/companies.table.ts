import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** A company, owned by its root user (SPEC §3 company info). Later work adds the remaining fields. */
export const companies = pgTable('companies', {
  rootId: integer('root_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull().default(''),
  businessModel: text('business_model', { enum: ['producer', 'trader', 'buyer', 'other'] }),
  linkName: text('link_name').notNull().default(''),
  linkPhone: text('link_phone').notNull().default(''),
  province: text('province').notNull().default(''),
  city: text('city').notNull().default(''),
  district: text('district').notNull().default(''),
  addressDetail: text('address_detail').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
