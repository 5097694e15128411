import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';

export interface CategoryRow {
  id: string;
  parent_id: string | null;
  kind: 'income' | 'expense';
  name: string;
  code: string | null;
  account_code: string | null;
  archived: boolean;
}

const COLUMNS = sql`id, parent_id, kind, name, code, account_code, archived`;

/** code → id of the organization's default categories (archived ones too). */
export async function defaultCategoryIds(db: Db, organizationId: string): Promise<Map<string, string>> {
  const found = await rows<{ code: string; id: string }>(
    db,
    sql`SELECT code, id FROM treasury_categories WHERE organization_id = ${organizationId} AND code IS NOT NULL`,
  );
  return new Map(found.map((row) => [row.code, row.id]));
}

/**
 * Inserts the defaults the organization lacks, each under its parent's row (looked up by code). The
 * partial unique index on (organization_id, code) makes a concurrent seeding skip what the other wrote.
 */
export async function insertDefaults(
  db: Db,
  organizationId: string,
  categories: readonly {
    code: string;
    kind: string;
    name: string;
    parent: string | null;
    accountCode: string | null;
  }[],
): Promise<void> {
  if (categories.length === 0) return;
  const values = sql.join(
    categories.map(
      (c) =>
        sql`(${c.code}::text, ${c.kind}::text, ${c.name}::text, ${c.parent}::text, ${c.accountCode}::text)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO treasury_categories (organization_id, parent_id, kind, name, code, account_code)
    SELECT ${organizationId}, p.id, v.kind, v.name, v.code, v.account_code
    FROM (VALUES ${values}) AS v(code, kind, name, parent_code, account_code)
    LEFT JOIN treasury_categories p ON p.organization_id = ${organizationId} AND p.code = v.parent_code
    ON CONFLICT (organization_id, code) WHERE code IS NOT NULL DO NOTHING`);
}

export function listCategories(db: Db, organizationId: string): Promise<CategoryRow[]> {
  return rows<CategoryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_categories WHERE organization_id = ${organizationId}
        ORDER BY kind DESC, archived, code IS NULL, created_at, name, id`,
  );
}

export async function findCategory(
  db: Db,
  organizationId: string,
  id: string,
  forUpdate = false,
): Promise<CategoryRow | undefined> {
  const [row] = await rows<CategoryRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_categories WHERE organization_id = ${organizationId} AND id = ${id}
        ${forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return row;
}

/** Whether `ancestorId` is `id` itself or one of its ancestors (walking parent_id up). */
export async function isSelfOrAncestor(
  db: Db,
  organizationId: string,
  id: string,
  ancestorId: string,
): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`WITH RECURSIVE up(id, parent_id, depth) AS (
          SELECT id, parent_id, 0 FROM treasury_categories WHERE organization_id = ${organizationId} AND id = ${id}
          UNION ALL
          SELECT c.id, c.parent_id, up.depth + 1 FROM treasury_categories c
          JOIN up ON c.id = up.parent_id AND c.organization_id = ${organizationId}
          WHERE up.depth < 100)
        SELECT EXISTS (SELECT 1 FROM up WHERE id = ${ancestorId}) AS found`,
  );
  return row?.found ?? false;
}

export async function insertCategory(
  db: Db,
  values: {
    organizationId: string;
    parentId: string | null;
    kind: string;
    name: string;
    accountCode: string | null;
  },
): Promise<CategoryRow> {
  const [row] = await rows<CategoryRow>(
    db,
    sql`INSERT INTO treasury_categories (organization_id, parent_id, kind, name, account_code)
        VALUES (${values.organizationId}, ${values.parentId}, ${values.kind}, ${values.name}, ${values.accountCode})
        RETURNING ${COLUMNS}`,
  );
  return row!;
}

export async function updateCategory(
  db: Db,
  organizationId: string,
  id: string,
  values: { name?: string; parentId?: string | null; accountCode?: string | null; archived?: boolean },
): Promise<CategoryRow> {
  const sets = [
    values.name !== undefined ? sql`name = ${values.name}` : null,
    values.parentId !== undefined ? sql`parent_id = ${values.parentId}` : null,
    values.accountCode !== undefined ? sql`account_code = ${values.accountCode}` : null,
    values.archived !== undefined ? sql`archived = ${values.archived}` : null,
  ].filter((set) => set !== null);
  const [row] = await rows<CategoryRow>(
    db,
    sets.length === 0
      ? sql`SELECT ${COLUMNS} FROM treasury_categories WHERE organization_id = ${organizationId} AND id = ${id}`
      : sql`UPDATE treasury_categories SET ${sql.join(sets, sql`, `)}
            WHERE organization_id = ${organizationId} AND id = ${id} RETURNING ${COLUMNS}`,
  );
  return row!;
}

/**
 * Whether anything points at the category: movements, parts of split movements, sub-categories,
 * merchants' default category, or rules that set it (alone or in a split).
 */
export async function categoryInUse(db: Db, organizationId: string, id: string): Promise<boolean> {
  const [row] = await rows<{ used: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM treasury_transactions WHERE organization_id = ${organizationId} AND category_id = ${id})
        OR EXISTS (SELECT 1 FROM treasury_transaction_parts WHERE organization_id = ${organizationId} AND category_id = ${id})
        OR EXISTS (SELECT 1 FROM treasury_categories WHERE organization_id = ${organizationId} AND parent_id = ${id})
        OR EXISTS (SELECT 1 FROM treasury_merchants WHERE organization_id = ${organizationId} AND default_category_id = ${id})
        OR EXISTS (SELECT 1 FROM treasury_rules WHERE organization_id = ${organizationId}
                   AND (actions->>'categoryId' = ${id}::text
                        OR coalesce(actions->'split', '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('categoryId', ${id}::text))))
        AS used`,
  );
  return row?.used ?? false;
}

export async function deleteCategory(db: Db, organizationId: string, id: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM treasury_categories WHERE organization_id = ${organizationId} AND id = ${id}`,
  );
}
