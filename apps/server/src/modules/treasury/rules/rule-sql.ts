import { normalisedConditionText, type RuleCondition } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';

// A rule's conditions as SQL over `treasury_transactions t`, so that previews and "apply to existing"
// run in the database over any number of movements. They mean what the domain's conditionHolds means:
// the same normalisation (NFD, combining accents removed, lower case, spaces collapsed) done by
// PostgreSQL's normalize() and regexp_replace().

const COMBINING_MARKS = '[\u0300-\u036f]';
const SPACES = '\\s+';

/** `expression` normalised as ingest.normaliseText / normaliseRuleText do. */
export function normalisedSql(expression: SQL): SQL {
  return sql`btrim(regexp_replace(lower(regexp_replace(normalize(coalesce(${expression}, ''), NFD), ${COMBINING_MARKS}, '', 'g')), ${SPACES}, ' ', 'g'))`;
}

/** The search text of a movement (ingest.ts): description, counterparty, remittance information and notes. */
export const searchTextSql = normalisedSql(
  sql`concat_ws(' ', t.description, t.counterparty_name, t.remittance_info, t.notes)`,
);

/** A LIKE pattern's own wildcards taken literally. */
function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function textPattern(operator: 'contains' | 'equals' | 'startsWith', value: string): string {
  const literal = likeLiteral(value);
  if (operator === 'contains') return `%${literal}%`;
  if (operator === 'startsWith') return `${literal}%`;
  return literal;
}

function conditionSql(condition: RuleCondition): SQL {
  switch (condition.field) {
    case 'account':
      return sql`t.account_id = ${condition.value}::uuid`;
    case 'amount':
      if (condition.operator === 'equals') return sql`t.amount = ${condition.value}`;
      if (condition.operator === 'gte') return sql`t.amount >= ${condition.value}`;
      if (condition.operator === 'lte') return sql`t.amount <= ${condition.value}`;
      if (condition.to === undefined) return sql`false`;
      return sql`t.amount BETWEEN ${condition.value} AND ${condition.to}`;
    default: {
      const value = normalisedConditionText(condition);
      if (value === '') return sql`false`;
      const pattern = textPattern(condition.operator, value);
      if (condition.field === 'iban')
        return sql`replace(lower(coalesce(t.counterparty_iban, '')), ' ', '') LIKE ${pattern}`;
      const column = condition.field === 'description' ? sql`t.description` : sql`t.counterparty_name`;
      // search_text holds the normalised description and counterparty: a cheap first filter (and the one
      // an index on it can serve) before the exact comparison on the field itself.
      return sql`(t.search_text LIKE ${`%${likeLiteral(value)}%`} AND ${normalisedSql(column)} LIKE ${pattern})`;
    }
  }
}

/** Every condition must hold. */
export function conditionsSql(conditions: readonly RuleCondition[]): SQL {
  if (conditions.length === 0) return sql`false`;
  return sql.join(
    conditions.map((condition) => conditionSql(condition)),
    sql` AND `,
  );
}
