import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';

export interface MerchantRow {
  id: string;
  name: string;
  vat_number: string | null;
  default_category_id: string | null;
}

const COLUMNS = sql`id, name, vat_number, default_category_id`;

export function listMerchants(db: Db, organizationId: string): Promise<MerchantRow[]> {
  return rows<MerchantRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_merchants WHERE organization_id = ${organizationId} ORDER BY lower(name), id`,
  );
}

export async function findMerchant(
  db: Db,
  organizationId: string,
  id: string,
): Promise<MerchantRow | undefined> {
  const [row] = await rows<MerchantRow>(
    db,
    sql`SELECT ${COLUMNS} FROM treasury_merchants WHERE organization_id = ${organizationId} AND id = ${id}`,
  );
  return row;
}

/** Whether another merchant of the organization has this name, ignoring case. */
export async function nameTaken(db: Db, organizationId: string, name: string, exceptId: string | null) {
  const [row] = await rows<{ taken: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM treasury_merchants WHERE organization_id = ${organizationId}
          AND lower(name) = lower(${name}) AND id IS DISTINCT FROM ${exceptId}::uuid) AS taken`,
  );
  return row?.taken ?? false;
}

export async function categoryExists(db: Db, organizationId: string, categoryId: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM treasury_categories WHERE organization_id = ${organizationId}
          AND id = ${categoryId}) AS found`,
  );
  return row?.found ?? false;
}

export async function insertMerchant(
  db: Db,
  values: {
    organizationId: string;
    name: string;
    vatNumber: string | null;
    defaultCategoryId: string | null;
  },
): Promise<MerchantRow> {
  const [row] = await rows<MerchantRow>(
    db,
    sql`INSERT INTO treasury_merchants (organization_id, name, vat_number, default_category_id)
        VALUES (${values.organizationId}, ${values.name}, ${values.vatNumber}, ${values.defaultCategoryId})
        RETURNING ${COLUMNS}`,
  );
  return row!;
}

export async function updateMerchant(
  db: Db,
  organizationId: string,
  id: string,
  values: { name?: string; vatNumber?: string | null; defaultCategoryId?: string | null },
): Promise<MerchantRow> {
  const sets = [
    values.name !== undefined ? sql`name = ${values.name}` : null,
    values.vatNumber !== undefined ? sql`vat_number = ${values.vatNumber}` : null,
    values.defaultCategoryId !== undefined ? sql`default_category_id = ${values.defaultCategoryId}` : null,
  ].filter((set) => set !== null);
  const [row] = await rows<MerchantRow>(
    db,
    sets.length === 0
      ? sql`SELECT ${COLUMNS} FROM treasury_merchants WHERE organization_id = ${organizationId} AND id = ${id}`
      : sql`UPDATE treasury_merchants SET ${sql.join(sets, sql`, `)}
            WHERE organization_id = ${organizationId} AND id = ${id} RETURNING ${COLUMNS}`,
  );
  return row!;
}

/**
 * Rules that set the merchant lose that action; a rule left with no other action is disabled and
 * keeps `merchantId: null`, so that it still reads as a rule and its owner sees what to fix.
 */
export async function detachFromRules(db: Db, organizationId: string, merchantId: string): Promise<void> {
  await db.execute(sql`
    UPDATE treasury_rules SET
      actions = CASE WHEN (actions - 'merchantId') = '{}'::jsonb THEN jsonb_build_object('merchantId', null)
                     ELSE actions - 'merchantId' END,
      enabled = enabled AND (actions - 'merchantId') <> '{}'::jsonb,
      updated_at = now()
    WHERE organization_id = ${organizationId} AND actions->>'merchantId' = ${merchantId}::text`);
}

export async function deleteMerchant(db: Db, organizationId: string, id: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM treasury_merchants WHERE organization_id = ${organizationId} AND id = ${id}`,
  );
}
