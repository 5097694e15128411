import { boolean, char, date, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Reference exchange rates: units of `currency` for one unit of `base` on a publication day, as
 * published (exact decimal). ECB rates are EUR-based; a date with none uses the latest before it.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    source: text('source').notNull(),
    base: char('base', { length: 3 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.base, t.currency, t.rateDate] })],
);

/**
 * VIES answers, by member state and national VAT number: whether the number is registered for
 * intra-EU trade, and when VIES said so. Re-asked once older than the cache period.
 */
export const viesChecks = pgTable(
  'vies_checks',
  {
    country: char('country', { length: 2 }).notNull(),
    vatNumber: text('vat_number').notNull(),
    valid: boolean('valid').notNull(),
    name: text('name'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.country, t.vatNumber] })],
);
