import type { Rule, RuleActions, RuleCondition } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';

interface RuleRow {
  id: string;
  name: string;
  priority: number;
  enabled: boolean;
  conditions: RuleCondition[];
  actions: RuleActions;
  created_at: string | Date;
  updated_at: string | Date;
}

const iso = (value: string | Date) => (value instanceof Date ? value : new Date(value)).toISOString();

function toRule(row: RuleRow): Rule {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    enabled: row.enabled,
    conditions: row.conditions,
    actions: row.actions,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const COLUMNS = sql`id, name, priority, enabled, conditions, actions, created_at, updated_at`;

/** The organization's rules in the order they run: priority, then age. */
export async function listRules(db: Db, organizationId: string, onlyEnabled = false): Promise<Rule[]> {
  const found = await rows<RuleRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_rules WHERE organization_id = ${organizationId}
        ${onlyEnabled ? sql`AND enabled` : sql``} ORDER BY priority, created_at, id`,
  );
  return found.map(toRule);
}

export async function findRule(db: Db, organizationId: string, id: string): Promise<Rule | null> {
  const [row] = await rows<RuleRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_rules WHERE organization_id = ${organizationId} AND id = ${id}`,
  );
  return row ? toRule(row) : null;
}

export interface RuleFields {
  name: string;
  priority: number;
  enabled: boolean;
  conditions: RuleCondition[];
  actions: RuleActions;
}

export async function insertRule(db: Db, organizationId: string, fields: RuleFields): Promise<Rule> {
  const [row] = await rows<RuleRow>(
    db,
    sql`INSERT INTO treasury_rules (organization_id, name, priority, enabled, conditions, actions)
        VALUES (${organizationId}, ${fields.name}, ${fields.priority}, ${fields.enabled},
                ${JSON.stringify(fields.conditions)}::jsonb, ${JSON.stringify(fields.actions)}::jsonb)
        RETURNING ${COLUMNS}`,
  );
  return toRule(row as RuleRow);
}

export async function updateRule(
  db: Db,
  organizationId: string,
  id: string,
  fields: RuleFields,
): Promise<Rule> {
  const [row] = await rows<RuleRow>(
    db,
    sql`UPDATE treasury_rules SET name = ${fields.name}, priority = ${fields.priority}, enabled = ${fields.enabled},
          conditions = ${JSON.stringify(fields.conditions)}::jsonb, actions = ${JSON.stringify(fields.actions)}::jsonb,
          updated_at = now()
        WHERE organization_id = ${organizationId} AND id = ${id} RETURNING ${COLUMNS}`,
  );
  return toRule(row as RuleRow);
}

export async function deleteRule(db: Db, organizationId: string, id: string): Promise<boolean> {
  const deleted = await rows<{ id: string }>(
    db,
    sql`DELETE FROM treasury_rules WHERE organization_id = ${organizationId} AND id = ${id} RETURNING id`,
  );
  return deleted.length > 0;
}

/** How many of `ids` are rows of `table` in the organization. */
export async function countOwned(
  db: Db,
  table: 'treasury_categories' | 'treasury_merchants' | 'treasury_accounts',
  organizationId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await rows<{ count: string | number }>(
    db,
    sql`SELECT count(*) AS count FROM ${sql.identifier(table)}
        WHERE organization_id = ${organizationId} AND id IN ${uuidList(ids)}`,
  );
  return Number(row?.count ?? 0);
}
