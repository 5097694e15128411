import type { RuleActions } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { transactionsClassified } from '../transactions/classified-hooks.ts';
import { conditionsSql, normalisedSql } from './rule-sql.ts';

// A rule's actions applied to a whole set of movements in two statements, whatever its size: one
// UPDATE for category, merchant and notes (and the split flag), with the split's parts inserted by the
// same statement from the movements' amounts (the domain's splitAmount, in SQL).

export interface ApplyScope {
  organizationId: string;
  /** Which movements: a rule's conditions, further narrowed (new ids, the uncategorised…). */
  where: SQL;
  /**
   * overwrite: set every field the actions name, and re-split split movements.
   * fill: set a field only where it is empty, and split only unsplit movements (new movements, and
   * "apply to existing" without overwrite).
   */
  mode: 'overwrite' | 'fill';
}

const BASIS = 10_000;

/**
 * trunc(amount × share / 10 000) in SQL: bigint arithmetic while the product cannot overflow (every real
 * amount), numeric beyond, both truncating toward zero as the domain's BigInt division does.
 */
function shareSql(basisPoints: number): SQL {
  return sql`(CASE WHEN abs(t.amount) < 900000000000000 THEN t.amount * ${basisPoints}::int / ${BASIS}
                   ELSE trunc(t.amount::numeric * ${basisPoints}::int / ${BASIS})::bigint END)`;
}

/** Applies `actions` to the movements `scope` selects; answers how many movements changed. */
export async function applyActions(tx: Db, actions: RuleActions, scope: ApplyScope): Promise<number> {
  const fill = scope.mode === 'fill';
  const value = (column: SQL, next: SQL | undefined) =>
    next === undefined ? column : fill ? sql`coalesce(${column}, ${next})` : next;
  const category = value(
    sql`t.category_id`,
    actions.categoryId === undefined ? undefined : sql`${actions.categoryId}::uuid`,
  );
  const merchant = value(
    sql`t.merchant_id`,
    actions.merchantId === undefined ? undefined : sql`${actions.merchantId}::uuid`,
  );
  const notes = value(
    sql`t.notes`,
    actions.notes === undefined ? undefined : sql`${actions.notes || null}::text`,
  );
  const split = actions.split ?? null;
  // Too small a movement for every part to get a minor unit stays unsplit (splitAmount answers null).
  const smallest = split ? Math.min(...split.slice(0, -1).map((part) => part.basisPoints)) : BASIS;
  const splittable = split
    ? sql`(abs(t.amount) >= ${Math.ceil(BASIS / smallest)}::bigint ${fill ? sql`AND NOT t.is_split` : sql``})`
    : sql`false`;

  if (split && !fill) {
    await tx.execute(sql`
      DELETE FROM treasury_transaction_parts p USING treasury_transactions t
      WHERE p.transaction_id = t.id AND t.organization_id = ${scope.organizationId}
        AND p.organization_id = ${scope.organizationId} AND ${scope.where} AND ${splittable}`);
  }

  const changed = sql`(${category} IS DISTINCT FROM t.category_id OR ${merchant} IS DISTINCT FROM t.merchant_id
    OR ${notes} IS DISTINCT FROM t.notes OR ${splittable})`;
  // Each part but the last is its share; the last is what remains, so they sum to the movement.
  const shares = split ? split.map((part) => shareSql(part.basisPoints)) : [];
  const partValues = split
    ? sql.join(
        split.map(
          (part, index) =>
            sql`(${index}::int, ${index === split.length - 1 ? sql`t.amount - (${sql.join(shares.slice(0, -1), sql` + `)})` : shares[index]}, ${part.categoryId}::uuid)`,
        ),
        sql`, `,
      )
    : null;
  const parts = partValues
    ? sql`, inserted AS (
        INSERT INTO treasury_transaction_parts (organization_id, transaction_id, position, amount, category_id)
        SELECT ${scope.organizationId}, t.id, s.position, s.amount, s.category_id
        FROM target t CROSS JOIN LATERAL (VALUES ${partValues}) AS s(position, amount, category_id)
        WHERE t.splittable
        RETURNING transaction_id)`
    : sql``;
  // The search text holds the notes: rebuilt only where they change.
  const searchText =
    actions.notes === undefined
      ? sql`t.search_text`
      : sql`CASE WHEN target.notes IS DISTINCT FROM t.notes
              THEN ${normalisedSql(sql`concat_ws(' ', t.description, t.counterparty_name, t.remittance_info, target.notes)`)}
              ELSE t.search_text END`;
  const [result] = await rows<{ updated: string | number; ids: string[] | null }>(
    tx,
    sql`
    WITH target AS (
      SELECT t.id, t.amount, ${category} AS category_id, ${merchant} AS merchant_id, ${notes} AS notes,
             ${splittable} AS splittable
      FROM treasury_transactions t
      WHERE t.organization_id = ${scope.organizationId} AND ${scope.where} AND ${changed}
    ), updated AS (
      UPDATE treasury_transactions t
      SET category_id = target.category_id, merchant_id = target.merchant_id, notes = target.notes,
          is_split = t.is_split OR target.splittable,
          search_text = ${searchText},
          updated_at = now()
      FROM target WHERE t.id = target.id
      RETURNING t.id
    )${parts}
    SELECT count(*) AS updated, array_agg(id::text) AS ids FROM updated`,
  );
  await transactionsClassified(tx, scope.organizationId, result?.ids ?? []);
  return Number(result?.updated ?? 0);
}

/** The movements a rule's conditions select, as a WHERE fragment over `t`; transfers are left alone. */
export function ruleScope(conditions: Parameters<typeof conditionsSql>[0]): SQL {
  return sql`t.transfer_transaction_id IS NULL AND (${conditionsSql(conditions)})`;
}
