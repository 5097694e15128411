import type {
  ReconciliationCandidate,
  ReconciliationReason,
  ReconciliationSuggestion,
  ReconciliationTargetKind,
} from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows, uuidList } from '../../../db/client.ts';
import { type ScoredCandidate, type ScoredMovement, scoreCandidate, worthSuggesting } from './scoring.ts';

// Candidate matching in SQL, set-based: the movements of interest (one page of the queue, or a whole
// account in the bench) are joined with the open items by equality on amount, on references found in
// the remittance text (document number, ATCUD, Multibanco reference, NIF), on the counterparty's IBAN,
// on the organization's rules and on the counterparty's history. No nested loops in JS: JS only scores
// the pairs the joins found (scoring.ts) and keeps the best few per movement.

/** Suggestions kept per movement. */
export const SUGGESTIONS_PER_MOVEMENT = 5;
/** Open items of a party proposed per movement when only the party is known (closest amounts first). */
const PARTY_FAN_OUT = 8;

/** What is not yet reconciled of a movement `t` (positive minor units). */
export const movementOpenSql = (t: SQL) => sql`abs(${t}.amount) - coalesce((
  SELECT sum(i.amount) FROM accounting_reconciliation_items i
  JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
  WHERE i.organization_id = ${t}.organization_id AND i.transaction_id = ${t}.id), 0)`;

/**
 * The organization's movements that `where` keeps (over `treasury_transactions t`) with their `open`, set-based:
 * one aggregate of the reconciled amounts joined by hash instead of `movementOpenSql`'s sum per movement.
 * For whole accounts (100,000 movements); a page of the queue keeps `movementOpenSql` (an index probe each).
 */
export const movementsWithOpenSql = (organizationId: string, where: SQL) => sql`
  SELECT t.*, abs(t.amount) - coalesce(u.used, 0) AS open FROM treasury_transactions t
  LEFT JOIN (
    SELECT i.transaction_id, sum(i.amount) AS used FROM accounting_reconciliation_items i
    JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
    WHERE i.organization_id = ${organizationId} AND i.transaction_id IS NOT NULL GROUP BY 1) u
    ON u.transaction_id = t.id
  WHERE t.organization_id = ${organizationId} AND ${where}`;

/**
 * Every open item of the organization a movement could be matched with, as one relation: kind, id, party,
 * number, direction (in: money received, out: money paid), open amount and the references it carries.
 */
export function openItemsSql(organizationId: string, bankPrefix: string): SQL {
  return sql`
    SELECT 'document'::text AS kind, d.id, d.party_id, d.document_number AS number, d.atcud,
           d.document_date AS date, d.due_date, d.mb_reference, d.currency, 'in'::text AS dir,
           d.gross_total - d.withholding - d.settled AS open, NULL::uuid AS source_id
    FROM billing_documents d
    WHERE d.organization_id = ${organizationId} AND d.state = 'issued' AND d.status = 'N'
      AND d.document_type IN ('FT', 'FS', 'FR', 'ND') AND d.gross_total - d.withholding - d.settled > 0
    UNION ALL
    SELECT 'purchase', p.id, p.party_id, p.document_number, p.atcud, p.document_date, p.due_date, NULL,
           p.currency, 'out', p.gross_total - p.withholding - p.settled, NULL
    FROM billing_purchases p
    WHERE p.organization_id = ${organizationId} AND p.state = 'open' AND p.document_type <> 'NC'
      AND p.gross_total - p.withholding - p.settled > 0
    UNION ALL
    SELECT 'receipt', pay.id, pay.party_id, rd.document_number, rd.atcud, pay.payment_date, NULL, NULL,
           pay.currency, 'in', pay.amount, pay.transaction_id
    FROM billing_payments pay JOIN billing_documents rd ON rd.id = pay.receipt_id
    WHERE pay.organization_id = ${organizationId} AND pay.direction = 'in'
      AND pay.cancelled_at IS NULL AND NOT pay.at_issue AND rd.status = 'N'
      AND NOT EXISTS (
        SELECT 1 FROM accounting_reconciliation_items i
        JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
        WHERE i.organization_id = ${organizationId} AND i.payment_id = pay.id)
    UNION ALL
    SELECT 'entry_line', l.id, l.party_id, e.reference, NULL, e.entry_date, NULL, NULL,
           coalesce(l.currency, s.currency), CASE WHEN l.debit > 0 THEN 'in' ELSE 'out' END,
           l.debit + l.credit, CASE WHEN e.source_type = 'treasury_transaction' THEN e.source_id END
    FROM accounting_entry_lines l
    JOIN accounting_entries e ON e.id = l.entry_id
    JOIN accounting_accounts a ON a.id = l.account_id
    CROSS JOIN (SELECT currency FROM organizations WHERE id = ${organizationId}) s
    WHERE l.organization_id = ${organizationId} AND a.code LIKE ${`${bankPrefix}%`}
      AND e.source_type IN ('manual', 'saft_import', 'treasury_transaction') AND e.reverses_entry_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM accounting_entries rev WHERE rev.reverses_entry_id = e.id)
      AND NOT EXISTS (
        SELECT 1 FROM accounting_reconciliation_items i
        JOIN accounting_reconciliations r ON r.id = i.reconciliation_id AND r.undone_at IS NULL
        WHERE i.organization_id = ${organizationId} AND i.entry_line_id = l.id)`;
}

/** The chart's bank deposits account: 12 in the SNC, 43 in the PGC. */
export async function bankPrefixOf(db: Db, organizationId: string): Promise<string> {
  const [settings] = await rows<{ chart: string }>(
    db,
    sql`SELECT chart FROM accounting_settings WHERE organization_id = ${organizationId}`,
  );
  if (settings) return settings.chart === 'PGC' ? '43' : '12';
  const [org] = await rows<{ country: string }>(
    db,
    sql`SELECT country FROM organizations WHERE id = ${organizationId}`,
  );
  return org?.country === 'AO' ? '43' : '12';
}

interface PairRow {
  m_id: string;
  kind: ReconciliationTargetKind;
  id: string;
  party_id: string | null;
  number: string;
  atcud: string | null;
  date: string;
  due_date: string | null;
  mb_reference: string | null;
  currency: string;
  open: string;
  rule_id: string | null;
  past: string | null;
}

/**
 * The ranking of suggestions: a rule's first, then by score, then the oldest candidate, then by id. Dates
 * (YYYY-MM-DD) and uuids (lower-case hex) compare the same by code unit as by locale, and much faster.
 */
function ranksBefore(a: { pair: PairRow; score: number }, b: { pair: PairRow; score: number }): boolean {
  const aRule = a.pair.rule_id !== null;
  const bRule = b.pair.rule_id !== null;
  if (aRule !== bRule) return aRule;
  if (a.score !== b.score) return a.score > b.score;
  if (a.pair.date !== b.pair.date) return a.pair.date < b.pair.date;
  return a.pair.id < b.pair.id;
}

/** Every (movement, candidate) pair the joins find, with the candidate's details, rule and history. */
function pairRows(db: Db, organizationId: string, bankPrefix: string, movementsSql: SQL): Promise<PairRow[]> {
  return rows<PairRow>(
    db,
    sql`WITH m AS MATERIALIZED (
          SELECT t.id, t.organization_id, t.amount, t.currency, t.open,
                 CASE WHEN t.amount > 0 THEN 'in' ELSE 'out' END AS dir,
                 upper(t.description || ' ' || coalesce(t.remittance_info, '') || ' ' || coalesce(t.end_to_end_id, '')) AS txt,
                 upper(replace(coalesce(t.counterparty_iban, ''), ' ', '')) AS iban,
                 lower(coalesce(t.counterparty_name, '')) AS cp_name,
                 lower(t.description || ' ' || coalesce(t.counterparty_name, '') || ' ' || coalesce(t.remittance_info, '')) AS ltxt
          FROM (${movementsSql}) t
        ),
        c AS MATERIALIZED (${openItemsSql(organizationId, bankPrefix)}),
        ck AS MATERIALIZED (
          SELECT c.kind, c.id, regexp_replace(upper(c.number), '^\\S+\\s+', '') AS k FROM c
          UNION ALL SELECT c.kind, c.id, upper(c.atcud) FROM c WHERE c.atcud IS NOT NULL AND c.atcud <> '0'
          UNION ALL SELECT c.kind, c.id, regexp_replace(c.mb_reference, '\\D', '', 'g') FROM c WHERE c.mb_reference IS NOT NULL
        ),
        tok AS (
          SELECT m.id AS m_id, (regexp_matches(m.txt, '([A-Z0-9-]+/[0-9]+|[A-Z0-9]{8}-[0-9]+)', 'g'))[1] AS k FROM m
          UNION ALL
          SELECT m.id, (regexp_matches(regexp_replace(m.txt, '([0-9]) (?=[0-9])', '\\1', 'g'), '(?<![0-9])([0-9]{9})(?![0-9])', 'g'))[1] FROM m
        ),
        party_hits AS (
          SELECT m.id AS m_id, pa.id AS party_id, NULL::uuid AS rule_id FROM m
            JOIN billing_parties pa ON pa.organization_id = ${organizationId} AND m.iban <> ''
             AND upper(replace(pa.iban, ' ', '')) = m.iban
          UNION ALL
          SELECT tok.m_id, pa.id, NULL FROM tok
            JOIN billing_parties pa ON pa.organization_id = ${organizationId} AND pa.tax_id = tok.k
          UNION ALL
          SELECT m.id, ru.party_id, ru.id FROM m JOIN accounting_reconciliation_rules ru
            ON ru.organization_id = ${organizationId}
           AND ((ru.counterparty_iban IS NOT NULL AND ru.counterparty_iban = m.iban)
             OR (ru.text_contains IS NOT NULL AND strpos(m.ltxt, lower(ru.text_contains)) > 0))
        ),
        history AS (
          SELECT upper(replace(coalesce(t.counterparty_iban, ''), ' ', '')) AS iban,
                 lower(coalesce(t.counterparty_name, '')) AS cp_name,
                 coalesce(d.party_id, pu.party_id) AS party_id, count(*) AS n
          FROM accounting_reconciliation_items mi
          JOIN accounting_reconciliations r ON r.id = mi.reconciliation_id AND r.undone_at IS NULL
          JOIN treasury_transactions t ON t.id = mi.transaction_id
          JOIN accounting_reconciliation_items di ON di.reconciliation_id = r.id AND di.transaction_id IS NULL
          LEFT JOIN billing_documents d ON d.id = di.document_id
          LEFT JOIN billing_purchases pu ON pu.id = di.purchase_id
          WHERE mi.organization_id = ${organizationId} AND coalesce(d.party_id, pu.party_id) IS NOT NULL
            AND (t.counterparty_iban IS NOT NULL OR t.counterparty_name IS NOT NULL)
          GROUP BY 1, 2, 3
        ),
        past AS (
          SELECT m_id, party_id, sum(n) AS n FROM (
            SELECT m.id AS m_id, h.party_id, h.n FROM m JOIN history h ON h.iban = m.iban WHERE m.iban <> ''
            UNION ALL
            SELECT m.id, h.party_id, h.n FROM m JOIN history h ON h.cp_name = m.cp_name
            WHERE m.iban = '' AND m.cp_name <> ''
          ) x GROUP BY 1, 2
        ),
        rule_hits AS (
          SELECT m_id, party_id, max(rule_id::text)::uuid AS rule_id FROM party_hits
          WHERE rule_id IS NOT NULL GROUP BY 1, 2
        ),
        pp AS MATERIALIZED (
          SELECT m_id, party_id, max(rule_id::text)::uuid AS rule_id FROM (
            SELECT m_id, party_id, rule_id FROM party_hits UNION ALL SELECT m_id, party_id, NULL FROM past) x
          GROUP BY 1, 2
        ),
        pc AS MATERIALIZED (
          SELECT pp.m_id, pp.rule_id, c.kind, c.id, c.open, c.dir, c.currency, c.source_id
          FROM pp JOIN c ON c.party_id = pp.party_id
        ),
        by_party AS (
          SELECT m_id, kind, id, rule_id FROM (
            SELECT pc.m_id, pc.kind, pc.id, pc.rule_id,
                   row_number() OVER (PARTITION BY pc.m_id ORDER BY pc.rule_id IS NULL, abs(pc.open - m.open), pc.id) AS rn
            FROM pc JOIN m ON m.id = pc.m_id
            WHERE (pc.dir = m.dir AND pc.currency = m.currency AND (pc.source_id IS NULL OR pc.source_id = m.id)) IS TRUE
          ) ranked WHERE rn <= ${PARTY_FAN_OUT}
        ),
        amt AS MATERIALIZED (
          SELECT m.id AS m_id, m.dir AS mdir, m.currency AS mcur, c.kind, c.id, c.dir, c.currency, c.source_id
          FROM m JOIN c ON c.open = m.open
        ),
        pairs AS (
          SELECT m_id, kind, id, NULL::uuid AS rule_id FROM amt
          WHERE dir = mdir AND currency = mcur AND (source_id IS NULL OR source_id = m_id)
          UNION ALL
          SELECT m.id, c.kind, c.id, NULL FROM m JOIN c ON c.source_id = m.id
          UNION ALL
          SELECT tok.m_id, ck.kind, ck.id, NULL FROM tok JOIN ck ON ck.k = tok.k
          UNION ALL
          SELECT m_id, kind, id, rule_id FROM by_party
        ),
        uniq AS MATERIALIZED (
          SELECT m_id, kind, id, max(rule_id::text)::uuid AS rule_id FROM pairs GROUP BY 1, 2, 3
        ),
        uc AS MATERIALIZED (SELECT u.m_id, u.rule_id, c.* FROM uniq u JOIN c ON c.kind = u.kind AND c.id = u.id)
        SELECT c.m_id, c.kind, c.id, c.party_id, c.number, c.atcud, c.date::text AS date, c.due_date::text AS due_date,
               c.mb_reference, c.currency, c.open,
               coalesce(c.rule_id, rh.rule_id) AS rule_id, pt.n AS past
        FROM uc c
        JOIN m ON m.id = c.m_id
         AND (c.dir = m.dir AND c.currency = m.currency AND (c.source_id IS NULL OR c.source_id = m.id)) IS TRUE
        LEFT JOIN rule_hits rh ON rh.m_id = c.m_id AND rh.party_id = c.party_id
        LEFT JOIN past pt ON pt.m_id = c.m_id AND pt.party_id = c.party_id
        WHERE NOT EXISTS (
          SELECT 1 FROM accounting_reconciliation_rejections rj
          WHERE rj.organization_id = ${organizationId} AND rj.transaction_id = c.m_id
            AND rj.candidate_kind = c.kind AND rj.candidate_id = c.id)`,
  );
}

export interface MovementForSuggestions extends ScoredMovement {
  id: string;
}

/**
 * Scored suggestions for the movements `movements` selects (a relation with the columns of
 * treasury_transactions plus `open`): a map movement id → suggestions, best first.
 */
export async function suggestionsFor(
  db: Db,
  organizationId: string,
  movementsSql: SQL,
  movements: readonly MovementForSuggestions[],
  perMovement = SUGGESTIONS_PER_MOVEMENT,
): Promise<Map<string, ReconciliationSuggestion[]>> {
  const result = new Map<string, ReconciliationSuggestion[]>();
  if (movements.length === 0) return result;
  const bankPrefix = await bankPrefixOf(db, organizationId);
  // One statement whose row estimates (CTEs over unions) are far above what it reads: without these
  // settings PostgreSQL JIT-compiles it (seconds of LLVM for a query that runs in less) and spills its
  // sorts and hashes to disk. Transaction-local, so nothing leaks into the pool's connection.
  const pairs = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL jit = off`);
    await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
    return pairRows(tx, organizationId, bankPrefix, movementsSql);
  });
  // The parties' name, NIF and IBAN once per party, not on each of their pairs (a party's 10 open items
  // meet each of its movements: 220,000 pair rows for 10,000 parties in the bench).
  const partyIds = [...new Set(pairs.map((pair) => pair.party_id).filter((id) => id !== null))];
  const parties = new Map(
    (
      await rows<{ id: string; name: string; tax_id: string | null; iban: string | null }>(
        db,
        sql`SELECT id, name, tax_id, iban FROM billing_parties
            WHERE organization_id = ${organizationId} AND id IN ${uuidList(partyIds)}`,
      )
    ).map((party) => [party.id, party]),
  );
  const byId = new Map(movements.map((movement) => [movement.id, movement]));
  // Scored pairs per movement, kept sorted and cut to `perMovement` as they come (220,000 pairs for
  // 100,000 movements: the suggestion objects are built only for the pairs kept).
  const kept = new Map<
    string,
    { pair: PairRow; candidate: ScoredCandidate; score: number; reasons: ReconciliationReason[] }[]
  >();
  for (const pair of pairs) {
    const movement = byId.get(pair.m_id);
    if (!movement) continue;
    const party = pair.party_id === null ? undefined : parties.get(pair.party_id);
    const candidate: ScoredCandidate = {
      kind: pair.kind,
      open: Number(pair.open),
      number: pair.number,
      atcud: pair.atcud,
      date: pair.date,
      dueDate: pair.due_date,
      mbReference: pair.mb_reference,
      partyName: party?.name ?? null,
      partyTaxId: party?.tax_id ?? null,
      partyIban: party?.iban ?? null,
      ruleId: pair.rule_id,
      pastMatches: Number(pair.past ?? 0),
    };
    const { score, reasons } = scoreCandidate(movement, candidate);
    if (!worthSuggesting(reasons)) continue;
    const entry = { pair, candidate, score, reasons };
    let list = kept.get(pair.m_id);
    if (!list) {
      list = [];
      kept.set(pair.m_id, list);
    }
    let at = list.length;
    while (at > 0 && ranksBefore(entry, list[at - 1]!)) at -= 1;
    if (at >= perMovement) continue;
    list.splice(at, 0, entry);
    if (list.length > perMovement) list.pop();
  }
  for (const [id, list] of kept)
    result.set(
      id,
      list.map(({ pair, candidate, score, reasons }) => ({
        candidate: {
          kind: pair.kind,
          id: pair.id,
          partyId: pair.party_id,
          partyName: candidate.partyName,
          number: pair.number,
          date: pair.date,
          dueDate: pair.due_date,
          currency: pair.currency.trim(),
          open: candidate.open,
        },
        score,
        reasons,
        ruleId: pair.rule_id,
      })),
    );
  return result;
}

/** Open items whose number, party name or NIF contains `q`, in the movement's direction and currency. */
export async function searchCandidates(
  db: Db,
  organizationId: string,
  movement: { id: string; amount: number; currency: string },
  q: string | undefined,
  limit: number,
): Promise<ReconciliationCandidate[]> {
  const bankPrefix = await bankPrefixOf(db, organizationId);
  const dir = movement.amount > 0 ? 'in' : 'out';
  const like = q ? `%${q.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null;
  const found = await rows<{
    kind: ReconciliationTargetKind;
    id: string;
    party_id: string | null;
    party_name: string | null;
    number: string;
    date: string;
    due_date: string | null;
    currency: string;
    open: string;
  }>(
    db,
    sql`SELECT c.kind, c.id, c.party_id, pa.name AS party_name, c.number, c.date::text AS date,
               c.due_date::text AS due_date, c.currency, c.open
        FROM (${openItemsSql(organizationId, bankPrefix)}) c
        LEFT JOIN billing_parties pa ON pa.id = c.party_id
        WHERE c.dir = ${dir} AND c.currency = ${movement.currency}
          AND (c.source_id IS NULL OR c.source_id = ${movement.id})
          ${
            like
              ? sql`AND (lower(c.number) LIKE ${like} OR lower(coalesce(pa.name, '')) LIKE ${like}
                     OR coalesce(pa.tax_id, '') LIKE ${like} OR c.open::text = ${q ?? ''})`
              : sql``
          }
        ORDER BY abs(c.open - ${Math.abs(movement.amount)}), c.date DESC, c.id
        LIMIT ${limit}`,
  );
  return found.map((row) => ({
    kind: row.kind,
    id: row.id,
    partyId: row.party_id,
    partyName: row.party_name,
    number: row.number,
    date: row.date,
    dueDate: row.due_date,
    currency: row.currency.trim(),
    open: Number(row.open),
  }));
}
