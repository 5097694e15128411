import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './core.ts';

// Column shapes the business tables share.

/** A point in time, with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** Money in integer minor units: bigint in SQL, a safe integer in JavaScript, never a float. */
export const money = (name: string) => bigint(name, { mode: 'number' });

/** The owning organization: every business row has one, and goes with it. */
export const organizationId = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
