import type {
  ReconciliationCandidate,
  ReconciliationSuggestion,
  ReconciliationTargetKind,
} from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, eachRow, rows, uuidList } from '../../../db/client.ts';
import {
  evaluateCandidate,
  type Found as FoundReasons,
  type PreparedCandidate,
  prepareCandidate,
  prepareMovement,
  reasonsFound,
  type ScoredMovement,
} from './scoring.ts';

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

/**
 * The references a movement's text names, as the SQL this replaced found them: PostgreSQL's
 * `upper(description || ' ' || coalesce(remittance_info, '') || ' ' || coalesce(end_to_end_id, ''))`, then its
 * regular expressions for a series/number or ATCUD (`[A-Z0-9-]+/[0-9]+|[A-Z0-9]{8}-[0-9]+`) and for a 9-digit
 * Multibanco reference or NIF (digits spaced out joined first). Extracted here, from the rows the caller
 * already holds: PostgreSQL spent more CPU in these two expressions than in all the joins.
 *
 * Both engines agree on these patterns (leftmost match; where both alternatives match at one place the
 * first is the longer, which is POSIX's longest and JavaScript's first). The upper case is the same for
 * ASCII letters (the statement checks it against the database's collation) and leaves every other
 * character outside the patterns' classes, except characters whose upper case is ASCII or several
 * characters (ı → I, ß → SS, ligatures): `null` for a text holding one, and the statement reads its
 * references with PostgreSQL's own expressions.
 */
export function movementReferences(
  movement: Pick<ScoredMovement, 'description' | 'remittanceInfo' | 'endToEndId'>,
): string[] | null {
  const text = `${movement.description} ${movement.remittanceInfo ?? ''} ${movement.endToEndId ?? ''}`;
  if (NOT_PRINTABLE_ASCII.test(text)) for (const char of text) if (!plainCharacter(char)) return null;
  const upper = text.toUpperCase();
  const found: string[] = [];
  for (const match of upper.matchAll(REFERENCE)) found.push(match[1]!);
  if (NINE_DIGITS_SPACED.test(upper))
    for (const match of upper.replace(SPACED_DIGITS, '$1').matchAll(NINE_DIGITS)) found.push(match[1]!);
  return found;
}

const NOT_PRINTABLE_ASCII = /[^ -~\t\n\r]/;
const REFERENCE = /([A-Z0-9-]+\/[0-9]+|[A-Z0-9]{8}-[0-9]+)/g;
/** Nine digits, single spaces between them allowed: what a 9-digit reference needs (a quick test first). */
const NINE_DIGITS_SPACED = /(?:[0-9] ?){9}/;
const SPACED_DIGITS = /([0-9]) (?=[0-9])/g;
const NINE_DIGITS = /(?<![0-9])([0-9]{9})(?![0-9])/g;
const plainCharacters = new Map<string, boolean>();

/** ASCII, or a character whose upper case is one character outside ASCII (whatever the collation). */
function plainCharacter(char: string): boolean {
  if (char.charCodeAt(0) < 0x80) return true;
  let plain = plainCharacters.get(char);
  if (plain === undefined) {
    const upper = char.toUpperCase();
    plain = [...upper].length === 1 && upper.codePointAt(0)! >= 0x80;
    if (plainCharacters.size < 10_000) plainCharacters.set(char, plain);
  }
  return plain;
}

/** Upper case of ASCII letters as JavaScript's: true in every collation but the Turkic ones. */
const ASCII_UPPER_SQL = sql`upper('abcdefghijklmnopqrstuvwxyz') = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'`;

/**
 * The references PostgreSQL's expressions find in the texts of movements `t` (a relation with id, description,
 * remittance_info and end_to_end_id): what movementReferences mirrors, for the texts it leaves to them.
 */
export const sqlReferences = (t: SQL) => sql`
  SELECT x.id AS m_id, (regexp_matches(x.txt, '([A-Z0-9-]+/[0-9]+|[A-Z0-9]{8}-[0-9]+)', 'g'))[1] AS k
  FROM (SELECT t.id, upper(t.description || ' ' || coalesce(t.remittance_info, '') || ' ' || coalesce(t.end_to_end_id, '')) AS txt
        FROM ${t}) x
  UNION ALL
  SELECT x.id, (regexp_matches(regexp_replace(x.txt, '([0-9]) (?=[0-9])', '\\1', 'g'), '(?<![0-9])([0-9]{9})(?![0-9])', 'g'))[1]
  FROM (SELECT t.id, upper(t.description || ' ' || coalesce(t.remittance_info, '') || ' ' || coalesce(t.end_to_end_id, '')) AS txt
        FROM ${t}) x`;
/** The candidate's fit with the movement `m`: its direction, currency, and its own movement if it has one. */
const fits = (c: SQL) =>
  sql`(${c}.dir = m.dir AND ${c}.currency = m.currency AND (${c}.source_id IS NULL OR ${c}.source_id = m.id)) IS TRUE`;

/**
 * One row of the statement below, in this order; `t` says which kind, and the columns it fills (the others
 * are null). Movements are named by their ordinal in `movements` (m), candidates by theirs in `c` (n),
 * parties by theirs among those sent (pn):
 * - `p`, one row: number holds every movement–candidate pair found by amount, by reference or by the
 *   candidate's own movement, "m n m n …";
 * - `h`, a movement and a party found for it (IBAN, NIF, rule or history): m, pn, ref (the rule, when one
 *   ties them), n (the earlier matches), and the movement's currency, open and dir;
 * - `a`, a party sent: pn, id, number (its name), atcud (its NIF), mb_reference (its IBAN);
 * - `c`, a candidate (an open item) once, however many movements it meets: n, kind, id, pn (party_id
 *   instead for a party not sent), number, atcud, date, due_date, mb_reference, currency, open, dir and ref
 *   (its own movement, source_id);
 * - `r`, a rejected suggestion of a movement: m, kind, id.
 */
interface MatchRow {
  t: 'c' | 'a' | 'p' | 'h' | 'r';
  kind: ReconciliationTargetKind | null;
  id: string | null;
  party_id: string | null;
  /** The movement's ordinal in suggestionsFor's `movements`. */
  m: number | null;
  number: string | null;
  atcud: string | null;
  date: string | null;
  due_date: string | null;
  mb_reference: string | null;
  currency: string | null;
  open: string | null;
  dir: string | null;
  ref: string | null;
  n: number | null;
  /** The party's ordinal among those sent ('h', 'a' and 'c' rows). */
  pn: number | null;
}

/** What the movement references name, for the statement: pairs of (movement, reference), and the texts it reads itself. */
function referencesOf(movements: readonly MovementForSuggestions[]) {
  const ids: string[] = [];
  const ordinals: number[] = [];
  const keys: string[] = [];
  const inSql: string[] = [];
  for (let ordinal = 0; ordinal < movements.length; ordinal += 1) {
    const movement = movements[ordinal]!;
    ids.push(movement.id);
    const found = movementReferences(movement);
    if (found === null) inSql.push(movement.id);
    else
      for (const key of found) {
        ordinals.push(ordinal);
        keys.push(key);
      }
  }
  return { ids: ids.join(','), ordinals: ordinals.join(','), keys: keys.join(','), inSql };
}

/**
 * The candidates the joins find for the movements, set-based, each sent once: by equality on the open
 * amount, on the references in the movement's text (extracted in JS, with the candidates' number, ATCUD and
 * MB reference keys), on the candidate's own movement; and the parties found by IBAN, NIF, rule or history,
 * with every open item of theirs (the 8 closest of them per movement are chosen in JS). Hash joins only:
 * every relation here is a few tens of thousands of rows at most, once each.
 */
function matchRows(
  db: Db,
  organizationId: string,
  bankPrefix: string,
  movementsSql: SQL,
  references: ReturnType<typeof referencesOf>,
  onRow: (row: MatchRow) => void,
): Promise<void> {
  return eachRow<MatchRow>(
    db,
    sql`WITH m AS MATERIALIZED (
          SELECT (o.ord - 1)::int AS ord, t.id, t.open, CASE WHEN t.amount > 0 THEN 'in' ELSE 'out' END AS dir, t.currency,
                 upper(replace(coalesce(t.counterparty_iban, ''), ' ', '')) AS iban,
                 lower(coalesce(t.counterparty_name, '')) AS cp_name,
                 CASE WHEN EXISTS (SELECT 1 FROM accounting_reconciliation_rules ru
                                   WHERE ru.organization_id = ${organizationId} AND ru.text_contains IS NOT NULL)
                   THEN lower(t.description || ' ' || coalesce(t.counterparty_name, '') || ' ' || coalesce(t.remittance_info, ''))
                 END AS ltxt
          FROM (${movementsSql}) t
          JOIN unnest(string_to_array(${references.ids}::text, ',')::uuid[]) WITH ORDINALITY AS o(id, ord) ON o.id = t.id
        ),
        c AS MATERIALIZED (SELECT row_number() OVER () AS n, x.* FROM (${openItemsSql(organizationId, bankPrefix)}) x),
        tok AS (
          SELECT x.m_ord, x.k
          FROM unnest(string_to_array(${references.ordinals}::text, ',')::int[], string_to_array(${references.keys}::text, ',')) AS x(m_ord, k)
          WHERE ${ASCII_UPPER_SQL}
          UNION ALL
          SELECT m.ord, r.k FROM (
            ${
              references.inSql.length > 0
                ? sql`${sqlReferences(
                    sql`treasury_transactions t WHERE t.organization_id = ${organizationId} AND t.id IN ${uuidList(references.inSql)}`,
                  )} UNION ALL`
                : sql``
            }
            ${sqlReferences(sql`(${movementsSql}) t WHERE NOT ${ASCII_UPPER_SQL}`)}) r
          JOIN m ON m.id = r.m_id
        ),
        ck AS (
          SELECT c.n, c.dir, c.currency, c.source_id, regexp_replace(upper(c.number), '^\\S+\\s+', '') AS k FROM c
          UNION ALL
          SELECT c.n, c.dir, c.currency, c.source_id, upper(c.atcud) FROM c
          WHERE c.atcud IS NOT NULL AND c.atcud <> '0'
          UNION ALL
          SELECT c.n, c.dir, c.currency, c.source_id, regexp_replace(c.mb_reference, '\\D', '', 'g') FROM c
          WHERE c.mb_reference IS NOT NULL
        ),
        tk AS MATERIALIZED (SELECT tok.m_ord, ck.* FROM tok JOIN ck ON ck.k = tok.k),
        direct AS MATERIALIZED (
          SELECT m.ord AS m_ord, c.n FROM m JOIN c ON c.open = m.open WHERE ${fits(sql`c`)}
          UNION
          SELECT m.ord, c.n FROM m JOIN c ON c.source_id = m.id WHERE ${fits(sql`c`)}
          UNION
          SELECT m.ord, tk.n FROM tk JOIN m ON m.ord = tk.m_ord WHERE ${fits(sql`tk`)}
        ),
        party_hits AS (
          SELECT m.ord AS m_ord, pa.id AS party_id, NULL::uuid AS rule_id FROM m
            JOIN billing_parties pa ON pa.organization_id = ${organizationId} AND m.iban <> ''
             AND upper(replace(pa.iban, ' ', '')) = m.iban
          UNION ALL
          SELECT tok.m_ord, pa.id, NULL FROM tok
            JOIN billing_parties pa ON pa.organization_id = ${organizationId} AND pa.tax_id = tok.k
          UNION ALL
          SELECT m.ord, ru.party_id, ru.id FROM m JOIN accounting_reconciliation_rules ru
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
          SELECT m_ord, party_id, sum(n) AS n FROM (
            SELECT m.ord AS m_ord, h.party_id, h.n FROM m JOIN history h ON h.iban = m.iban WHERE m.iban <> ''
            UNION ALL
            SELECT m.ord, h.party_id, h.n FROM m JOIN history h ON h.cp_name = m.cp_name
            WHERE m.iban = '' AND m.cp_name <> ''
          ) x GROUP BY 1, 2
        ),
        pp AS MATERIALIZED (
          SELECT m_ord, party_id, max(rule_id::text)::uuid AS rule_id FROM (
            SELECT m_ord, party_id, rule_id FROM party_hits UNION ALL SELECT m_ord, party_id, NULL FROM past) x
          GROUP BY 1, 2
        ),
        sent AS MATERIALIZED (
          SELECT c.* FROM c
          WHERE c.party_id IN (SELECT pp.party_id FROM pp) OR c.n IN (SELECT d.n FROM direct d)
        ),
        ps AS MATERIALIZED (
          SELECT pa.id, pa.name, pa.tax_id, pa.iban, (row_number() OVER ())::int AS pn FROM billing_parties pa
          WHERE pa.organization_id = ${organizationId} AND pa.id IN (SELECT s.party_id FROM sent s)
        )
        SELECT 'p' AS t, NULL::text AS kind, NULL::uuid AS id, NULL::uuid AS party_id, NULL::int AS m,
               (SELECT string_agg(d.m_ord::text || ' ' || d.n::text, ' ') FROM direct d) AS number,
               NULL::text AS atcud, NULL::text AS date, NULL::text AS due_date, NULL::text AS mb_reference,
               NULL::text AS currency, NULL::text AS open, NULL::text AS dir, NULL::uuid AS ref, NULL::int AS n,
               NULL::int AS pn
        UNION ALL
        SELECT 'h', NULL, NULL, NULL, pp.m_ord, NULL, NULL, NULL, NULL, NULL, m.currency::text, m.open::text,
               m.dir, pp.rule_id, pt.n::int, ps.pn
        FROM pp JOIN m ON m.ord = pp.m_ord JOIN ps ON ps.id = pp.party_id
        LEFT JOIN past pt ON pt.m_ord = pp.m_ord AND pt.party_id = pp.party_id
        UNION ALL
        SELECT 'a', NULL, ps.id, NULL, NULL, ps.name, ps.tax_id, NULL, NULL, ps.iban, NULL, NULL, NULL, NULL, NULL, ps.pn
        FROM ps
        UNION ALL
        SELECT 'c', s.kind, s.id, CASE WHEN ps.pn IS NULL THEN s.party_id END, NULL, s.number, s.atcud, s.date::text,
               s.due_date::text, s.mb_reference, s.currency::text, s.open::text, s.dir, s.source_id, s.n::int, ps.pn
        FROM sent s LEFT JOIN ps ON ps.id = s.party_id
        UNION ALL
        SELECT 'r', rj.candidate_kind, rj.candidate_id, NULL, m.ord, NULL, NULL, NULL, NULL, NULL, NULL,
               NULL, NULL, NULL, NULL, NULL
        FROM accounting_reconciliation_rejections rj JOIN m ON m.id = rj.transaction_id
        WHERE rj.organization_id = ${organizationId}`,
    onRow,
  );
}

export interface MovementForSuggestions extends ScoredMovement {
  id: string;
}

/** An open item as the statement sent it, prepared for scoring once, whatever movements it meets. */
interface Item {
  kind: ReconciliationTargetKind;
  id: string;
  party: Party | null;
  /** Its direction and currency as one number (`fitOf`): a movement's items must have the movement's. */
  fit: number;
  sourceId: string | null;
  open: number;
  prepared: PreparedCandidate;
  /** The ordinal of the movement whose candidates it was last added to (`choose`). */
  chosenFor: number;
  /** The candidate as every suggestion of it shows it (one object, however many movements it meets). */
  output: ReconciliationCandidate;
}

/** A party found for a movement, with what the ranking of its open items reads of the movement. */
interface Hit {
  party: Party;
  ruleId: string | null;
  past: number;
  open: number;
  /** The movement's direction and currency, as `Item.fit`. */
  fit: number;
}

/** A party of candidates sent: what scoring reads of it, and its open items sent. */
interface Party {
  id: string;
  /** Its 'a' row has come (name, NIF and IBAN are set). */
  detailed: boolean;
  name: string | null;
  taxId: string | null;
  iban: string | null;
  items: Item[];
}

/** What the statement found for a movement: its direct candidates (their ordinals) and its parties. */
interface Found {
  direct: number[];
  hits: Hit[];
}

/** A candidate kept for a movement, with what its evaluation found (its reasons are spelled out from it). */
interface Kept extends FoundReasons {
  item: Item;
  ruleId: string | null;
  past: number;
  score: number;
}

/**
 * The ranking of suggestions: a rule's first, then by score, then the oldest candidate, then by id. Dates
 * (YYYY-MM-DD) and uuids (lower-case hex) compare the same by code unit as by locale, and much faster.
 */
function ranksBefore(a: Kept, b: Kept): boolean {
  const aRule = a.ruleId !== null;
  const bRule = b.ruleId !== null;
  if (aRule !== bRule) return aRule;
  if (a.score !== b.score) return a.score > b.score;
  const aDate = a.item.prepared.candidate.date;
  const bDate = b.item.prepared.candidate.date;
  if (aDate !== bDate) return aDate < bDate;
  return a.item.id < b.item.id;
}

/**
 * Calls `each` with every pair of numbers of `pairs`, "m n m n …" (the statement's direct pairs, movement and
 * candidate ordinals: one text rather than 60,000 rows of three fields to parse).
 */
function readPairs(pairs: string | null, each: (first: number, second: number) => void) {
  if (!pairs) return;
  let value = 0;
  let first = -1;
  for (let at = 0; at <= pairs.length; at += 1) {
    const code = at < pairs.length ? pairs.charCodeAt(at) : SPACE;
    if (code !== SPACE) value = value * 10 + (code - ZERO);
    else if (first < 0) first = value;
    else {
      each(first, value);
      first = -1;
    }
    if (code === SPACE) value = 0;
  }
}
const SPACE = 32;
const ZERO = 48;

/** Adds `item` to the movement's `chosen` (by its ordinal) unless it is there already. */
function choose(item: Item, ordinal: number, chosen: Item[]) {
  if (item.chosenFor === ordinal) return;
  item.chosenFor = ordinal;
  chosen.push(item);
}

/**
 * Adds to `chosen` the `PARTY_FAN_OUT` open items of the movement's parties closest to it, as PostgreSQL
 * ranked them (`row_number() OVER (ORDER BY rule_id IS NULL, abs(open - m.open), id)`): those of a party a
 * rule names first, then by the difference of the open amounts, then by id (uuids compare as their
 * lower-case text). Only items that fit the movement (direction, currency, its own movement).
 */
function addClosestOfParties(movementId: string, hits: readonly Hit[], ordinal: number, chosen: Item[]) {
  let count = 0;
  for (const hit of hits) {
    const rule = hit.ruleId !== null;
    for (const item of hit.party.items) {
      if (item.fit !== hit.fit) continue;
      if (item.sourceId !== null && item.sourceId !== movementId) continue;
      const difference = Math.abs(item.open - hit.open);
      let at = count;
      while (at > 0) {
        const other = at - 1;
        const before =
          rule !== bestRule[other]
            ? rule
            : difference !== bestDifference[other]
              ? difference < bestDifference[other]!
              : item.id < best[other]!.id;
        if (!before) break;
        at = other;
      }
      if (at >= PARTY_FAN_OUT) continue;
      // Insert at `at`, the last of PARTY_FAN_OUT falling off.
      for (let from = Math.min(count, PARTY_FAN_OUT - 1); from > at; from -= 1) {
        best[from] = best[from - 1]!;
        bestRule[from] = bestRule[from - 1]!;
        bestDifference[from] = bestDifference[from - 1]!;
      }
      best[at] = item;
      bestRule[at] = rule;
      bestDifference[at] = difference;
      if (count < PARTY_FAN_OUT) count += 1;
    }
  }
  for (let at = 0; at < count; at += 1) choose(best[at]!, ordinal, chosen);
}
/** addClosestOfParties' slots, reused from one movement to the next. */
const best: Item[] = [];
const bestRule: boolean[] = [];
const bestDifference: number[] = [];

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
  const references = referencesOf(movements);
  // The rows are handled as they arrive, in the statement's order: direct candidates ('p') and parties
  // ('h') per movement, the parties' details ('a'), then the candidates ('c'), each prepared once.
  const parties = new Map<string, Party>();
  const partyOf = (id: string) => {
    let party = parties.get(id);
    if (!party) {
      party = { id, detailed: false, name: null, taxId: null, iban: null, items: [] };
      parties.set(id, party);
    }
    return party;
  };
  /** The parties sent, by ordinal (`pn`): their 'h' rows come before their 'a' row. */
  const numbered: Party[] = [];
  const partyNumbered = (ordinal: number) => {
    let party = numbered[ordinal];
    if (!party) {
      party = { id: '', detailed: false, name: null, taxId: null, iban: null, items: [] };
      numbered[ordinal] = party;
    }
    return party;
  };
  /** A candidate's party: one sent, or (no 'a' row: not the organization's) by its id alone. */
  const partyOfRow = (row: MatchRow) =>
    row.pn !== null ? partyNumbered(row.pn) : row.party_id !== null ? partyOf(row.party_id) : null;
  const rejected = new Set<string>();
  const fitCodes = new Map<string | null, number>();
  const codeOf = (text: string | null) => {
    let code = fitCodes.get(text);
    if (code === undefined) {
      code = fitCodes.size;
      fitCodes.set(text, code);
    }
    return code;
  };
  /** A direction and a currency as one number: equal when both are. */
  const fitOf = (dir: string | null, currency: string | null) => codeOf(dir) * 0x10000 + codeOf(currency);
  /** The candidates by their ordinal in the statement (`n`). */
  const items: Item[] = [];
  /** What was found per movement, by its ordinal in `movements`. */
  const foundBy: (Found | undefined)[] = new Array(movements.length);
  const foundFor = (ordinal: number) => {
    let entry = foundBy[ordinal];
    if (!entry) {
      entry = { direct: [], hits: [] };
      foundBy[ordinal] = entry;
    }
    return entry;
  };
  const onRow = (row: MatchRow) => {
    if (row.t === 'p') readPairs(row.number, (ordinal, n) => foundFor(ordinal).direct.push(n));
    else if (row.t === 'h')
      foundFor(row.m!).hits.push({
        party: partyNumbered(row.pn!),
        ruleId: row.ref,
        past: Number(row.n ?? 0),
        open: Number(row.open),
        fit: fitOf(row.dir, row.currency),
      });
    else if (row.t === 'a') {
      const party = partyNumbered(row.pn!);
      party.id = row.id!;
      party.name = row.number;
      party.taxId = row.atcud;
      party.iban = row.mb_reference;
      party.detailed = true;
    } else if (row.t === 'c') {
      const party = partyOfRow(row);
      // The statement sends the parties before the candidates; should a candidate come first all the same
      // (UNION ALL promises no order), it is prepared once every row is in.
      if (party?.detailed === false) waiting.push(row);
      else addItem(row, party);
    } else if (row.t === 'r') rejected.add(`${row.m} ${row.kind} ${row.id}`);
  };
  const waiting: MatchRow[] = [];
  const addItem = (row: MatchRow, party: Party | null) => {
    const open = Number(row.open);
    const prepared = prepareCandidate({
      kind: row.kind!,
      open,
      number: row.number!,
      atcud: row.atcud,
      date: row.date!,
      dueDate: row.due_date,
      mbReference: row.mb_reference,
      partyName: party?.name ?? null,
      partyTaxId: party?.taxId ?? null,
      partyIban: party?.iban ?? null,
      ruleId: null,
      pastMatches: 0,
    });
    const item: Item = {
      kind: row.kind!,
      id: row.id!,
      party,
      fit: fitOf(row.dir, row.currency),
      sourceId: row.ref,
      open,
      prepared,
      chosenFor: -1,
      output: {
        kind: row.kind!,
        id: row.id!,
        partyId: party?.id ?? null,
        partyName: prepared.candidate.partyName,
        number: prepared.candidate.number,
        date: prepared.candidate.date,
        dueDate: prepared.candidate.dueDate,
        currency: row.currency!.trim(),
        open,
      },
    };
    items[row.n!] = item;
    party?.items.push(item);
  };

  // The movements are prepared as they are scored, those with candidates only: preparing all 100,000
  // while PostgreSQL runs the statement overlapped nothing on a loaded machine and cost ≈ 0.2 CPU s more
  // (the fifth with no candidate, and 100,000 prepared forms kept alive through the scavenges).
  // Transaction-local settings, so nothing leaks into the pool's connection: no JIT (the estimates of
  // CTEs over unions pass its threshold: seconds of LLVM for a statement that runs in less), room for the
  // hashes in memory, and hash joins rather than sorting 100,000-row relations for merge joins.
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
                 set_config('enable_mergejoin', 'off', true)`,
    );
    await matchRows(tx, organizationId, bankPrefix, movementsSql, references, onRow);
  });
  for (const row of waiting) addItem(row, partyOfRow(row));

  const chosen: Item[] = [];
  const kept: Kept[] = [];
  const found: FoundReasons = { mask: 0, difference: 0, similarity: 0, days: 0 };
  for (let index = 0; index < movements.length; index += 1) {
    const forMovement = foundBy[index];
    if (!forMovement) continue;
    const movement = movements[index]!;
    const movementHits = forMovement.hits;
    chosen.length = 0;
    for (const n of forMovement.direct) choose(items[n]!, index, chosen);
    if (movementHits.length > 0) addClosestOfParties(movement.id, movementHits, index, chosen);
    const prepared = prepareMovement(movement);
    // The best `perMovement`, kept sorted as they come; their reasons are spelled out at the end.
    kept.length = 0;
    let worth = false;
    for (const item of chosen) {
      if (rejected.size > 0 && rejected.has(`${index} ${item.kind} ${item.id}`)) continue;
      const hit = item.party === null ? undefined : movementHits.find((h) => h.party === item.party);
      const ruleId = hit?.ruleId ?? null;
      const past = hit?.past ?? 0;
      const score = evaluateCandidate(prepared, item.prepared, ruleId, past, found);
      if (score < 0) continue;
      worth = true;
      const entry: Kept = {
        item,
        ruleId,
        past,
        score,
        mask: found.mask,
        difference: found.difference,
        similarity: found.similarity,
        days: found.days,
      };
      let at = kept.length;
      while (at > 0 && ranksBefore(entry, kept[at - 1]!)) at -= 1;
      if (at >= perMovement) continue;
      kept.splice(at, 0, entry);
      if (kept.length > perMovement) kept.pop();
    }
    if (worth)
      result.set(
        movement.id,
        kept.map((one) => ({
          candidate: one.item.output,
          score: one.score,
          reasons: reasonsFound(prepared, one.item.prepared, one.ruleId, one.past, one),
          ruleId: one.ruleId,
        })),
      );
  }
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
