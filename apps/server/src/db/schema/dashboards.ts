import { jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './core.ts';

/**
 * A user's dashboard layout in one organization (docs/dashboards.md): the widgets shown, in order, as
 * validated by the domain's ZDashboardLayout. No row: the default layout (every widget they may see).
 */
export const dashboardLayouts = pgTable(
  'dashboard_layouts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    layout: jsonb('layout').notNull().$type<{ widgets: string[] }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.organizationId] })],
);
