import {
  BASIS_POINTS_WHOLE,
  type Rule,
  type RuleActions,
  type RuleCondition,
  type Transaction,
  winnersAmong,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { accountFilter, type TreasuryViewer, visibleAccountIds } from '../accounts/account-scope.ts';
import { applyActions, ruleScope } from './rule-actions.ts';
import * as repository from './rules.repository.ts';
import { loadTransactions, selectIds } from './transaction-view.ts';

const PREVIEW_SAMPLE = 10;

type Detail = { path: string; messageKey: string; message: string };

function invalid(path: string, message: string): Detail {
  return { path, messageKey: 'VALIDATION.INVALID_VALUE', message };
}

/**
 * What a rule may say: amount ranges the right way round, and accounts, categories and merchants of the
 * organization only. The split's shares must make the whole movement.
 */
async function checkRule(
  db: Db,
  organizationId: string,
  conditions: readonly RuleCondition[],
  actions: RuleActions | undefined,
): Promise<void> {
  const details: Detail[] = [];
  const accounts: string[] = [];
  conditions.forEach((condition, index) => {
    if (condition.field === 'amount' && condition.operator === 'between') {
      if (condition.to === undefined || condition.to < condition.value)
        details.push(invalid(`conditions.${index}.to`, 'Give an upper bound not below the lower one.'));
    }
    if (condition.field === 'account') accounts.push(condition.value);
  });
  const unique = [...new Set(accounts)];
  if ((await repository.countOwned(db, 'treasury_accounts', organizationId, unique)) !== unique.length)
    details.push(invalid('conditions', 'No such account in this organization.'));
  if (actions) {
    const categories = [
      ...new Set(
        [actions.categoryId, ...(actions.split ?? []).map((part) => part.categoryId)].filter(
          (id): id is string => typeof id === 'string',
        ),
      ),
    ];
    if (
      (await repository.countOwned(db, 'treasury_categories', organizationId, categories)) !==
      categories.length
    )
      details.push(invalid('actions.categoryId', 'No such category in this organization.'));
    if (
      actions.merchantId &&
      (await repository.countOwned(db, 'treasury_merchants', organizationId, [actions.merchantId])) !== 1
    )
      details.push(invalid('actions.merchantId', 'No such merchant in this organization.'));
    if (actions.split) {
      const total = actions.split.reduce((sum, part) => sum + part.basisPoints, 0);
      if (total !== BASIS_POINTS_WHOLE)
        throw new AppError(
          'SPLIT_MISMATCH',
          'The shares of a split must add up to 100% (10 000 basis points).',
          [invalid('actions.split', 'The shares must add up to 10 000 basis points.')],
        );
    }
  }
  if (details.length > 0)
    throw new AppError('VALIDATION_FAILED', 'The rule refers to something it cannot.', details);
}

export function listRules(db: Db, organizationId: string): Promise<Rule[]> {
  return repository.listRules(db, organizationId);
}

export async function createRule(
  db: Db,
  organizationId: string,
  input: repository.RuleFields,
): Promise<Rule> {
  await checkRule(db, organizationId, input.conditions, input.actions);
  return repository.insertRule(db, organizationId, input);
}

export async function updateRule(
  db: Db,
  organizationId: string,
  id: string,
  input: Partial<repository.RuleFields>,
): Promise<Rule> {
  const current = await repository.findRule(db, organizationId, id);
  if (!current) throw new AppError('NOT_FOUND', 'No such rule.');
  const next: repository.RuleFields = {
    name: input.name ?? current.name,
    priority: input.priority ?? current.priority,
    enabled: input.enabled ?? current.enabled,
    conditions: input.conditions ?? current.conditions,
    actions: input.actions ?? current.actions,
  };
  await checkRule(db, organizationId, next.conditions, input.actions);
  return repository.updateRule(db, organizationId, id, next);
}

export async function deleteRule(db: Db, organizationId: string, id: string): Promise<void> {
  if (!(await repository.deleteRule(db, organizationId, id)))
    throw new AppError('NOT_FOUND', 'No such rule.');
}

/** How many movements the viewer can see that the conditions select, and the latest few of them. */
export async function previewRule(
  db: Db,
  viewer: TreasuryViewer,
  conditions: RuleCondition[],
  withSample = true,
): Promise<{ matched: number; sample: Transaction[] }> {
  await checkRule(db, viewer.organizationId, conditions, undefined);
  const visible = await visibleAccountIds(db, viewer);
  const where = sql`t.organization_id = ${viewer.organizationId} AND ${accountFilter(sql`t.account_id`, visible)}
    AND ${ruleScope(conditions)}`;
  const [count] = await rows<{ matched: string | number }>(
    db,
    sql`SELECT count(*) AS matched FROM treasury_transactions t WHERE ${where}`,
  );
  const ids = withSample
    ? await selectIds(
        db,
        sql`SELECT t.id FROM treasury_transactions t WHERE ${where} ORDER BY t.booking_date DESC, t.seq DESC
            LIMIT ${PREVIEW_SAMPLE}`,
      )
    : [];
  return {
    matched: Number(count?.matched ?? 0),
    sample: await loadTransactions(db, viewer.organizationId, ids),
  };
}

/**
 * The actions without what was deleted since the rule was saved (a category or merchant removed later):
 * a rule must never make an import fail.
 */
async function liveActions(tx: Db, organizationId: string, actions: RuleActions): Promise<RuleActions> {
  const referenced = [
    actions.categoryId,
    actions.merchantId,
    ...(actions.split ?? []).map((p) => p.categoryId),
  ];
  const ids = [...new Set(referenced.filter((id): id is string => typeof id === 'string'))];
  if (ids.length === 0) return actions;
  const found = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM treasury_categories WHERE organization_id = ${organizationId} AND id IN ${uuidList(ids)}
        UNION ALL
        SELECT id FROM treasury_merchants WHERE organization_id = ${organizationId} AND id IN ${uuidList(ids)}`,
  );
  const live = new Set(found.map((row) => row.id));
  const keep = (id: string | null | undefined) => (id && !live.has(id) ? undefined : id);
  const result: RuleActions = { ...actions };
  if (actions.categoryId !== undefined) result.categoryId = keep(actions.categoryId);
  if (actions.merchantId !== undefined) result.merchantId = keep(actions.merchantId);
  if (actions.split)
    result.split = actions.split.map((part) => ({ ...part, categoryId: keep(part.categoryId) ?? null }));
  return result;
}

/**
 * "Apply to existing": the rule over the movements of the accounts the caller sees, in the database.
 * Without `overwrite` only uncategorised, unsplit movements change; transfers never do.
 */
export async function applyRule(
  db: Db,
  viewer: TreasuryViewer,
  id: string,
  overwrite: boolean,
): Promise<{ matched: number; updated: number }> {
  const rule = await repository.findRule(db, viewer.organizationId, id);
  if (!rule) throw new AppError('NOT_FOUND', 'No such rule.');
  const visible = await visibleAccountIds(db, viewer);
  const scope = sql`${accountFilter(sql`t.account_id`, visible)} AND ${ruleScope(rule.conditions)}`;
  return db.transaction(async (tx) => {
    const [count] = await rows<{ matched: string | number }>(
      tx,
      sql`SELECT count(*) AS matched FROM treasury_transactions t
          WHERE t.organization_id = ${viewer.organizationId} AND ${scope}`,
    );
    const actions = await liveActions(tx, viewer.organizationId, rule.actions);
    const updated = await applyActions(tx, actions, {
      organizationId: viewer.organizationId,
      where: overwrite ? scope : sql`${scope} AND t.category_id IS NULL AND NOT t.is_split`,
      mode: overwrite ? 'overwrite' : 'fill',
    });
    return { matched: Number(count?.matched ?? 0), updated };
  });
}

/**
 * New movements through the enabled rules (inside the transaction that creates them): for each action
 * field the first matching rule by priority wins, and a field the movement already has (a manual
 * movement's category) is kept. Matching runs in SQL per rule; the movements are then updated in one
 * statement per combination of winning rules.
 */
export async function applyRulesToNew(
  tx: Db,
  created: { organizationId: string; transactionIds: string[] },
): Promise<void> {
  const rules = await repository.listRules(tx, created.organizationId, true);
  if (rules.length === 0 || created.transactionIds.length === 0) return;
  // One pass over the new movements: which rules each of them matches.
  const scopes = rules.map((rule) => ruleScope(rule.conditions));
  const matches = await rows<Record<string, string | boolean>>(
    tx,
    sql`SELECT t.id, ${sql.join(
      scopes.map((scope, index) => sql`coalesce(${scope}, false) AS ${sql.identifier(`r${index}`)}`),
      sql`, `,
    )}
        FROM treasury_transactions t
        WHERE t.organization_id = ${created.organizationId} AND t.id IN ${uuidList(created.transactionIds)}
          AND (${sql.join(scopes, sql` OR `)})`,
  );
  const matchesOf = new Map<string, Set<string>>();
  for (const row of matches)
    matchesOf.set(
      row.id as string,
      new Set(rules.filter((_, index) => row[`r${index}`] === true).map((rule) => rule.id)),
    );
  // Group the movements by the rules that win their fields, so each group is one UPDATE.
  const groups = new Map<string, { actions: RuleActions; ids: string[] }>();
  for (const [id, matched] of matchesOf) {
    const winners = winnersAmong(rules.filter((rule) => matched.has(rule.id)));
    const key = [winners.categoryId?.id, winners.merchantId?.id, winners.notes?.id, winners.split?.id].join(
      '|',
    );
    let group = groups.get(key);
    if (!group) {
      group = {
        actions: {
          categoryId: winners.categoryId?.actions.categoryId,
          merchantId: winners.merchantId?.actions.merchantId,
          notes: winners.notes?.actions.notes,
          split: winners.split?.actions.split,
        },
        ids: [],
      };
      groups.set(key, group);
    }
    group.ids.push(id);
  }
  for (const group of groups.values()) {
    const actions = await liveActions(tx, created.organizationId, group.actions);
    await applyActions(tx, actions, {
      organizationId: created.organizationId,
      where: sql`t.id IN ${uuidList(group.ids)}`,
      mode: 'fill',
    });
  }
}
