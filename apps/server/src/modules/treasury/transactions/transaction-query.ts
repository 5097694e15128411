import type { TRANSACTION_SORTS, TransactionFilters } from '@fluxo/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { uuidList } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { accountFilter } from '../accounts/account-scope.ts';
import { normaliseText } from './ingest.ts';

// The WHERE and ORDER BY of the movements list, shared by the page, its totals and the export. Every
// condition reads `t`, the movement; each one matches an index (organization + booking date, amount,
// category, the search_text trigram index) or narrows rows those indexes already found.

export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** Whose movements: the organization, and the accounts its viewer may see (null: all of them). */
export interface MovementScope {
  organizationId: string;
  visible: string[] | null;
}

/** `%`, `_` and the escape character itself stand for themselves in the text filter. */
function likeContains(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The filters as SQL conditions on `t` (the organization and the view policy included). */
export function filterConditions(scope: MovementScope, filters: TransactionFilters): SQL[] {
  const where: SQL[] = [
    sql`t.organization_id = ${scope.organizationId}`,
    accountFilter(sql`t.account_id`, scope.visible),
  ];
  if (filters.accountIds?.length) where.push(sql`t.account_id IN ${uuidList(filters.accountIds)}`);
  if (filters.from) where.push(sql`t.booking_date >= ${filters.from}`);
  if (filters.to) where.push(sql`t.booking_date <= ${filters.to}`);
  if (filters.minAmount !== undefined) where.push(sql`t.amount >= ${filters.minAmount}`);
  if (filters.maxAmount !== undefined) where.push(sql`t.amount <= ${filters.maxAmount}`);
  if (filters.direction === 'in') where.push(sql`t.amount > 0`);
  if (filters.direction === 'out') where.push(sql`t.amount < 0`);
  // search_text is folded the same way at write (normaliseText): every word must appear somewhere.
  const words = normaliseText(filters.q).split(' ').filter(Boolean);
  for (const word of words) where.push(sql`t.search_text LIKE ${likeContains(word)}`);
  if (filters.categoryIds?.length) {
    const ids = uuidList(filters.categoryIds);
    where.push(sql`(CASE WHEN t.is_split
      THEN EXISTS (SELECT 1 FROM treasury_transaction_parts p
                   WHERE p.transaction_id = t.id AND p.category_id IN ${ids})
      ELSE t.category_id IN ${ids} END)`);
  }
  if (filters.merchantIds?.length) where.push(sql`t.merchant_id IN ${uuidList(filters.merchantIds)}`);
  if (filters.hasDocuments === true) where.push(sql`t.document_count > 0`);
  if (filters.hasDocuments === false) where.push(sql`t.document_count = 0`);
  if (filters.uncategorised !== undefined) {
    const uncategorised = sql`(CASE WHEN t.is_split
      THEN EXISTS (SELECT 1 FROM treasury_transaction_parts p
                   WHERE p.transaction_id = t.id AND p.category_id IS NULL)
      ELSE t.category_id IS NULL END)`;
    where.push(filters.uncategorised ? uncategorised : sql`NOT ${uncategorised}`);
  }
  if (filters.transfers === 'only') where.push(sql`t.transfer_transaction_id IS NOT NULL`);
  if (filters.transfers === 'exclude') where.push(sql`t.transfer_transaction_id IS NULL`);
  return where;
}

export function whereClause(conditions: SQL[]): SQL {
  return sql.join(conditions, sql` AND `);
}

/** The sort key and the direction; seq breaks ties so that the order is total and the keyset exact. */
function sortSpec(sort: TransactionSort): { column: SQL; descending: boolean } {
  switch (sort) {
    case 'date_desc':
      return { column: sql`t.booking_date`, descending: true };
    case 'date_asc':
      return { column: sql`t.booking_date`, descending: false };
    case 'amount_desc':
      return { column: sql`t.amount`, descending: true };
    case 'amount_asc':
      return { column: sql`t.amount`, descending: false };
  }
}

export function orderBy(sort: TransactionSort): SQL {
  const { column, descending } = sortSpec(sort);
  return descending ? sql`${column} DESC, t.seq DESC` : sql`${column} ASC, t.seq ASC`;
}

/** Where the next page starts: the last row's sort key and seq. */
export interface Keyset {
  sort: TransactionSort;
  key: string | number;
  seq: number;
}

const ZCursor = z.discriminatedUnion('s', [
  z.object({ s: z.enum(['date_desc', 'date_asc']), k: z.iso.date(), i: z.number().int().min(0) }),
  z.object({
    s: z.enum(['amount_desc', 'amount_asc']),
    k: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
    i: z.number().int().min(0),
  }),
]);

/** Opaque to clients: base64url of the sort, the key and the seq of the page's last row. */
export function encodeCursor(keyset: Keyset): string {
  return Buffer.from(JSON.stringify({ s: keyset.sort, k: keyset.key, i: keyset.seq })).toString('base64url');
}

const badCursor = () =>
  new AppError('VALIDATION_FAILED', 'The cursor is not one this list gave, or it belongs to another sort.', [
    { path: 'cursor', messageKey: 'VALIDATION.INVALID', message: 'Not a cursor of this list and sort.' },
  ]);

export function decodeCursor(cursor: string, sort: TransactionSort): Keyset {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const parsed = ZCursor.safeParse(decoded);
  if (!parsed.success || parsed.data.s !== sort) throw badCursor();
  return { sort, key: parsed.data.k, seq: parsed.data.i };
}

/** The rows strictly after the keyset in the sort's order (a row comparison the index can seek to). */
export function afterKeyset(keyset: Keyset): SQL {
  const { column, descending } = sortSpec(keyset.sort);
  const key = typeof keyset.key === 'number' ? sql`${keyset.key}::bigint` : sql`${keyset.key}::date`;
  return descending
    ? sql`(${column}, t.seq) < (${key}, ${keyset.seq}::bigint)`
    : sql`(${column}, t.seq) > (${key}, ${keyset.seq}::bigint)`;
}
