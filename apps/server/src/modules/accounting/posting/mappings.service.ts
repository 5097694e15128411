import {
  type MappingKind,
  type MappingRow,
  POSTING_PRODUCT_TYPES,
  POSTING_ROLES,
  type PostingMappings,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { ensureLedger } from '../ledger/setup.ts';
import { postingContext } from './sync.ts';

// The mappings screen: every role, product type, VAT rate, category and product with the account it
// posts to — the organization's choice (accounting_settings.default_accounts for roles, product types
// and VAT rates; accounting_mappings for categories and products) or the default that applies without one.

/** The VAT rates posting distinguishes: the current ones of each region of the organization's country. */
const VAT_RATES: Record<'SNC' | 'PGC', readonly string[]> = {
  SNC: [
    'PT:2300',
    'PT:1300',
    'PT:600',
    'PT-MA:2200',
    'PT-MA:1200',
    'PT-MA:400',
    'PT-AC:1600',
    'PT-AC:900',
    'PT-AC:400',
  ],
  PGC: ['AO:1400', 'AO:700', 'AO:500', 'AO:100'],
};

const PRODUCT_LIMIT = 500;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'No such category or product in this organization.');
}

function invalidKey(): AppError {
  return new AppError('VALIDATION_FAILED', 'This is not a key of that kind.', [
    { path: 'key', messageKey: 'VALIDATION.INVALID', message: 'Invalid key' },
  ]);
}

export async function listMappings(db: Db, organizationId: string): Promise<PostingMappings> {
  return db.transaction(async (tx) => {
    const context = await postingContext(tx, organizationId);
    const { accounts, chart } = context;
    const defaults = accounts.defaults;
    const out: MappingRow[] = [];
    for (const role of POSTING_ROLES)
      out.push({
        kind: 'role',
        key: role,
        label: role,
        detail: null,
        accountCode: defaults[role] ?? null,
        defaultCode: accounts.chartCode(role),
      });
    const goods = accounts.roleCode('salesGoods');
    const services = accounts.roleCode('salesServices');
    for (const type of POSTING_PRODUCT_TYPES)
      out.push({
        kind: 'productType',
        key: type,
        label: type,
        detail: null,
        accountCode: defaults[`productType:${type}`] ?? null,
        defaultCode: type === 'S' ? services : goods,
      });
    for (const direction of ['vatOutput', 'vatInput'] as const)
      for (const rate of VAT_RATES[chart])
        out.push({
          kind: direction,
          key: rate,
          label: rate,
          detail: null,
          accountCode: defaults[`${direction}:${rate}`] ?? null,
          defaultCode: accounts.roleCode(direction),
        });
    const categories = await rows<{
      id: string;
      name: string;
      kind: string;
      own: string | null;
      mapped: string | null;
      parent_code: string | null;
    }>(
      tx,
      sql`SELECT c.id, c.name, c.kind, c.account_code AS own, m.account_code AS mapped,
                 coalesce(pm.account_code, p.account_code) AS parent_code
          FROM treasury_categories c
          LEFT JOIN accounting_mappings m ON m.organization_id = c.organization_id AND m.source_kind = 'category'
            AND m.source_id = c.id
          LEFT JOIN treasury_categories p ON p.id = c.parent_id
          LEFT JOIN accounting_mappings pm ON pm.organization_id = c.organization_id AND pm.source_kind = 'category'
            AND pm.source_id = p.id
          WHERE c.organization_id = ${organizationId} AND NOT c.archived
          ORDER BY c.kind, coalesce(p.name, c.name), p.name IS NOT NULL, c.name`,
    );
    for (const category of categories)
      out.push({
        kind: 'category',
        key: category.id,
        label: category.name,
        detail: category.kind,
        accountCode: category.mapped,
        defaultCode:
          category.own ??
          category.parent_code ??
          accounts.roleCode(category.kind === 'income' ? 'otherIncome' : 'otherExpense'),
      });
    const products = await rows<{
      id: string;
      code: string;
      description: string;
      product_type: string;
      mapped: string | null;
    }>(
      tx,
      sql`SELECT p.id, p.code, p.description, p.product_type, m.account_code AS mapped
          FROM billing_products p
          LEFT JOIN accounting_mappings m ON m.organization_id = p.organization_id AND m.source_kind = 'product'
            AND m.source_id = p.id
          WHERE p.organization_id = ${organizationId} AND NOT p.archived
          ORDER BY p.code LIMIT ${PRODUCT_LIMIT}`,
    );
    for (const product of products) {
      const type = product.product_type.trim();
      out.push({
        kind: 'product',
        key: product.id,
        label: `${product.code} — ${product.description}`.slice(0, 200),
        detail: type,
        accountCode: product.mapped,
        defaultCode: defaults[`productType:${type}`] ?? (type === 'S' ? services : goods),
      });
    }
    const postable = await rows<{ code: string; name: string }>(
      tx,
      sql`SELECT code, name FROM accounting_accounts
          WHERE organization_id = ${organizationId} AND grouping_category = 'GM' AND NOT archived
            AND party_id IS NULL
          ORDER BY code`,
    );
    return { chart, rows: out, accounts: postable };
  });
}

function settingsKey(kind: MappingKind, key: string): string {
  if (kind === 'role') {
    if (!(POSTING_ROLES as readonly string[]).includes(key)) throw invalidKey();
    return key;
  }
  if (kind === 'productType') {
    if (!(POSTING_PRODUCT_TYPES as readonly string[]).includes(key)) throw invalidKey();
    return `productType:${key}`;
  }
  if (!/^(PT|PT-AC|PT-MA|AO):\d{1,5}$/.test(key)) throw invalidKey();
  return `${kind}:${key}`;
}

/** Sets (or, with null, clears) one mapping; the account must take entries in the organization's chart. */
export async function setMapping(
  db: Db,
  organizationId: string,
  body: { kind: MappingKind; key: string; accountCode: string | null },
): Promise<MappingRow> {
  await db.transaction(async (tx) => {
    await ensureLedger(tx, organizationId);
    if (body.accountCode !== null) {
      const [account] = await rows<{ grouping_category: string; archived: boolean }>(
        tx,
        sql`SELECT grouping_category, archived FROM accounting_accounts
            WHERE organization_id = ${organizationId} AND code = ${body.accountCode}`,
      );
      if (account?.grouping_category !== 'GM' || account.archived)
        throw new AppError('ACCOUNT_NOT_POSTABLE', `Account ${body.accountCode} does not take entries.`, [
          { path: 'accountCode', messageKey: 'ERRORS.ACCOUNT_NOT_POSTABLE', message: 'Not postable' },
        ]);
    }
    if (body.kind === 'category' || body.kind === 'product') {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(body.key)) throw notFound();
      const table = body.kind === 'category' ? sql`treasury_categories` : sql`billing_products`;
      const [exists] = await rows<{ id: string }>(
        tx,
        sql`SELECT id FROM ${table} WHERE organization_id = ${organizationId} AND id = ${body.key}::uuid`,
      );
      if (!exists) throw notFound();
      if (body.accountCode === null)
        await tx.execute(sql`DELETE FROM accounting_mappings
          WHERE organization_id = ${organizationId} AND source_kind = ${body.kind} AND source_id = ${body.key}::uuid`);
      else
        await tx.execute(sql`
          INSERT INTO accounting_mappings (organization_id, source_kind, source_id, account_code)
          VALUES (${organizationId}, ${body.kind}, ${body.key}::uuid, ${body.accountCode})
          ON CONFLICT (organization_id, source_kind, source_id) DO UPDATE SET account_code = excluded.account_code`);
      return;
    }
    const key = settingsKey(body.kind, body.key);
    await tx.execute(
      body.accountCode === null
        ? sql`UPDATE accounting_settings SET default_accounts = default_accounts - ${key}, updated_at = now()
              WHERE organization_id = ${organizationId}`
        : sql`UPDATE accounting_settings
              SET default_accounts = default_accounts || jsonb_build_object(${key}::text, ${body.accountCode}::text),
                  updated_at = now()
              WHERE organization_id = ${organizationId}`,
    );
  });
  const { rows: all } = await listMappings(db, organizationId);
  const row = all.find((item) => item.kind === body.kind && item.key === body.key);
  if (!row) throw notFound();
  return row;
}
