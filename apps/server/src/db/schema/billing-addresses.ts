import { sql } from 'drizzle-orm';
import { boolean, char, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

/** Where a user's invoices go; one default per user (the one VAT is computed from). */
export const billingAddresses = pgTable(
  'billing_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vatNumber: text('vat_number'),
    country: char('country', { length: 2 }).notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code'),
    city: text('city').notNull(),
    email: text('email'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('billing_addresses_user_idx').on(t.userId),
    uniqueIndex('billing_addresses_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
