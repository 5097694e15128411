import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './core.ts';

/**
 * An organization's integration (docs/plugins.md): one row per organization and plugin key, created
 * on the first save. `config` holds the public fields; `secrets` the secret fields as one JSON object
 * sealed with AES-256-GCM (platform/secret-box.ts) and bound to the row's id, never in clear.
 */
export const organizationPlugins = pgTable(
  'organization_plugins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    plugin: text('plugin').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    config: jsonb('config').notNull().$type<Record<string, unknown>>(),
    secrets: text('secrets'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('organization_plugins_org_plugin_key').on(t.organizationId, t.plugin)],
);
