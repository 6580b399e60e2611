import { bigint, bigserial, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

export const footprints = pgTable(
  'footprints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stock ids are bigserial like the stocks table's. */
    stockId: bigint('stock_id', { mode: 'number' }).notNull(),
    sortId: integer('sort_id').notNull(),
    /** Unix seconds of the latest view that day. */
    time: integer('time').notNull(),
    /** `userId_stockId_date`, date in Asia/Shanghai: one footprint per stock per day. */
    key: text('key').notNull(),
    /** 1 once the client holds this record (uploaded by it, or fetched and confirmed by change_syn). */
    isSyn: smallint('is_syn').notNull().default(0),
  },
  (t) => [uniqueIndex('footprints_key_key').on(t.key), index('footprints_user_time_idx').on(t.userId, t.time)],
);
