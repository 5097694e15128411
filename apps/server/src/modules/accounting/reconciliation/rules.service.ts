import type { ReconciliationRule } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import type { DocumentsDeps } from '../../billing/index.ts';
import { accountFilter, type TreasuryViewer, visibleAccountIds } from '../../treasury/index.ts';
import { confirmMatch } from './reconciliation.service.ts';
import { bankPrefixOf, movementOpenSql, openItemsSql } from './suggestions.ts';

// "Always match movements from this IBAN (or with this text) to this party": the rule puts the party's
// open items first in the suggestions (reason `rule`); applying it confirms every queued movement it
// matches to exactly one open item of the exact amount.

/** Movements a rule may confirm in one call. */
const APPLY_LIMIT = 500;

interface RuleRow {
  id: string;
  counterparty_iban: string | null;
  text_contains: string | null;
  party_id: string;
  party_name: string;
  created_at: string | Date;
}

const toRule = (row: RuleRow): ReconciliationRule => ({
  id: row.id,
  counterpartyIban: row.counterparty_iban,
  textContains: row.text_contains,
  partyId: row.party_id,
  partyName: row.party_name,
  createdAt: new Date(row.created_at).toISOString(),
});

async function rulesWhere(db: Db, organizationId: string, id?: string): Promise<ReconciliationRule[]> {
  const found = await rows<RuleRow>(
    db,
    sql`SELECT r.id, r.counterparty_iban, r.text_contains, r.party_id, p.name AS party_name, r.created_at
        FROM accounting_reconciliation_rules r JOIN billing_parties p ON p.id = r.party_id
        WHERE r.organization_id = ${organizationId} ${id ? sql`AND r.id = ${id}` : sql``}
        ORDER BY p.name, r.created_at, r.id LIMIT 500`,
  );
  return found.map(toRule);
}

export const listRules = (db: Db, organizationId: string) => rulesWhere(db, organizationId);

export async function createRule(
  tx: Db,
  viewer: TreasuryViewer,
  deps: DocumentsDeps,
  body: {
    counterpartyIban?: string | undefined;
    textContains?: string | undefined;
    partyId: string;
    autoConfirm: boolean;
  },
): Promise<{ rule: ReconciliationRule; confirmed: number }> {
  const [party] = await rows<{ id: string }>(
    tx,
    sql`SELECT id FROM billing_parties WHERE organization_id = ${viewer.organizationId} AND id = ${body.partyId}`,
  );
  if (!party) throw new AppError('NOT_FOUND', 'No such customer or supplier.');
  const [created] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO accounting_reconciliation_rules (organization_id, counterparty_iban, text_contains, party_id, created_by)
        VALUES (${viewer.organizationId}, ${body.counterpartyIban ?? null},
                ${body.textContains ? body.textContains.toLowerCase() : null}, ${body.partyId}, ${viewer.userId})
        RETURNING id`,
  );
  const id = (created as { id: string }).id;
  const confirmed = body.autoConfirm ? await applyRule(tx, viewer, deps, id) : 0;
  const [rule] = await rulesWhere(tx, viewer.organizationId, id);
  return { rule: rule as ReconciliationRule, confirmed };
}

export async function deleteRule(db: Db, organizationId: string, id: string): Promise<{ deleted: boolean }> {
  const deleted = await rows<{ id: string }>(
    db,
    sql`DELETE FROM accounting_reconciliation_rules WHERE organization_id = ${organizationId} AND id = ${id} RETURNING id`,
  );
  if (deleted.length === 0) throw new AppError('NOT_FOUND', 'No such rule.');
  return { deleted: true };
}

/** Confirms each queued movement the rule matches to exactly one open item of its party, of the exact amount. */
export async function applyRule(
  tx: Db,
  viewer: TreasuryViewer,
  deps: DocumentsDeps,
  id: string,
): Promise<number> {
  const organizationId = viewer.organizationId;
  const [rule] = await rows<{
    counterparty_iban: string | null;
    text_contains: string | null;
    party_id: string;
  }>(
    tx,
    sql`SELECT counterparty_iban, text_contains, party_id FROM accounting_reconciliation_rules
        WHERE organization_id = ${organizationId} AND id = ${id}`,
  );
  if (!rule) throw new AppError('NOT_FOUND', 'No such rule.');
  const visible = await visibleAccountIds(tx, viewer);
  const bankPrefix = await bankPrefixOf(tx, organizationId);
  const matches = await rows<{
    m_id: string;
    kind: 'document' | 'purchase' | 'receipt' | 'entry_line';
    id: string;
    open: string;
  }>(
    tx,
    sql`WITH m AS (
          SELECT t.id, t.amount, t.currency, ${movementOpenSql(sql`t`)} AS open FROM treasury_transactions t
          WHERE t.organization_id = ${organizationId} AND t.transfer_transaction_id IS NULL
            AND ${accountFilter(sql`t.account_id`, visible)}
            AND (${rule.counterparty_iban ? sql`upper(replace(coalesce(t.counterparty_iban, ''), ' ', '')) = ${rule.counterparty_iban}` : sql`false`}
              OR ${rule.text_contains ? sql`strpos(lower(t.description || ' ' || coalesce(t.counterparty_name, '') || ' ' || coalesce(t.remittance_info, '')), ${rule.text_contains}) > 0` : sql`false`})
        ),
        c AS (${openItemsSql(organizationId, bankPrefix)}),
        hits AS (
          SELECT m.id AS m_id, c.kind, c.id, c.open, count(*) OVER (PARTITION BY m.id) AS n,
                 count(*) OVER (PARTITION BY c.kind, c.id) AS taken
          FROM m JOIN c ON c.party_id = ${rule.party_id} AND c.open = m.open AND m.open > 0
            AND c.dir = CASE WHEN m.amount > 0 THEN 'in' ELSE 'out' END AND c.currency = m.currency
            AND c.kind IN ('document', 'purchase') AND c.source_id IS NULL
        )
        SELECT m_id, kind, id, open FROM hits WHERE n = 1 AND taken = 1 ORDER BY m_id LIMIT ${APPLY_LIMIT}`,
  );
  for (const match of matches)
    await confirmMatch(deps, tx, viewer, {
      transactionIds: [match.m_id],
      targets: [{ kind: match.kind, id: match.id, amount: Number(match.open) }],
      ruleId: id,
      reasons: [
        { code: 'rule', points: 50, detail: id },
        { code: 'exact_amount', points: 30, detail: null },
      ],
      score: 80,
    });
  if (matches.length > 0)
    await notifyOrganization(tx, organizationId, 'UPDATE_STATEMENT', {
      StatementId: id,
      OrganizationId: organizationId,
    });
  return matches.length;
}
