import {
  type ContractBody,
  type createPartyContract,
  type createProductContract,
  isValidIban,
  isValidTaxNumber,
  type Party,
  type Product,
  type updatePartyContract,
  type updateProductContract,
} from '@fluxo/domain';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client.ts';
import { billingParties, billingProducts } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyOrganization } from '../../realtime/notify.ts';

// Customers, suppliers and products of an organization.

type PartyRow = typeof billingParties.$inferSelect;
type ProductRow = typeof billingProducts.$inferSelect;

/** Final consumers (PT 999999990, AO 999999999) have no tax number to check and may repeat. */
export const FINAL_CONSUMER_TAX_IDS = ['999999990', '999999999'];

export function toParty(row: PartyRow): Party {
  return {
    id: row.id,
    isCustomer: row.isCustomer,
    isSupplier: row.isSupplier,
    name: row.name,
    taxId: row.taxId,
    country: row.country,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    email: row.email,
    phone: row.phone,
    iban: row.iban,
    paymentTermsDays: row.paymentTermsDays,
    language: row.language,
    archived: row.archived,
    merchantId: row.merchantId,
  };
}

function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    productType: row.productType as Product['productType'],
    unit: row.unit,
    unitPrice: row.unitPrice,
    taxCode: row.taxCode as Product['taxCode'],
    exemptionCode: row.exemptionCode,
    archived: row.archived,
  };
}

function checkParty(
  fields: { taxId?: string; country?: string; iban?: string | null },
  current?: PartyRow,
): void {
  const taxId = fields.taxId ?? current?.taxId;
  const country = fields.country ?? current?.country;
  if (taxId !== undefined && country !== undefined && !FINAL_CONSUMER_TAX_IDS.includes(taxId)) {
    if (!isValidTaxNumber(country, taxId))
      throw new AppError('INVALID_VAT_NUMBER', `${taxId} is not a valid tax number for ${country}.`);
  }
  if (fields.iban && !isValidIban(fields.iban)) throw new AppError('INVALID_IBAN', 'The IBAN is not valid.');
}

export async function listParties(
  db: Db,
  organizationId: string,
  query: { q?: string; role?: 'customer' | 'supplier' },
): Promise<Party[]> {
  const text = query.q ? `%${query.q.replace(/[%_\\]/g, '\\$&')}%` : null;
  const rows = await db
    .select()
    .from(billingParties)
    .where(
      and(
        eq(billingParties.organizationId, organizationId),
        query.role === 'customer' ? eq(billingParties.isCustomer, true) : undefined,
        query.role === 'supplier' ? eq(billingParties.isSupplier, true) : undefined,
        text ? or(ilike(billingParties.name, text), ilike(billingParties.taxId, text)) : undefined,
      ),
    )
    .orderBy(asc(billingParties.name))
    .limit(500);
  return rows.map(toParty);
}

export async function partyOf(db: Db, organizationId: string, id: string): Promise<PartyRow> {
  const [row] = await db
    .select()
    .from(billingParties)
    .where(and(eq(billingParties.organizationId, organizationId), eq(billingParties.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'No such customer or supplier.');
  return row;
}

export async function createParty(
  db: Db,
  organizationId: string,
  body: ContractBody<typeof createPartyContract>,
): Promise<Party> {
  checkParty(body);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(billingParties)
        .values({
          ...body,
          organizationId,
          taxId: body.taxId.replace(/\s/g, ''),
        } as typeof billingParties.$inferInsert)
        .returning();
      const party = toParty(row as PartyRow);
      await notifyOrganization(tx, organizationId, 'CLIENT_SUPPLIER_CREATED', {
        ClientSupplierId: party.id,
        Name: party.name.slice(0, 200),
      });
      return party;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('VAT_NUMBER_TAKEN', 'A party with this tax number exists.');
    throw error;
  }
}

export async function updateParty(
  db: Db,
  organizationId: string,
  id: string,
  body: ContractBody<typeof updatePartyContract>,
): Promise<Party> {
  const current = await partyOf(db, organizationId, id);
  checkParty(body, current);
  try {
    const [row] = await db
      .update(billingParties)
      .set({ ...body, updatedAt: new Date() })
      .where(and(eq(billingParties.organizationId, organizationId), eq(billingParties.id, id)))
      .returning();
    return toParty(row as PartyRow);
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('VAT_NUMBER_TAKEN', 'A party with this tax number exists.');
    throw error;
  }
}

export async function listProducts(db: Db, organizationId: string): Promise<Product[]> {
  const rows = await db
    .select()
    .from(billingProducts)
    .where(eq(billingProducts.organizationId, organizationId))
    .orderBy(asc(billingProducts.code));
  return rows.map(toProduct);
}

export async function productsOf(
  db: Db,
  organizationId: string,
  ids: string[],
): Promise<Map<string, ProductRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(billingProducts)
    .where(and(eq(billingProducts.organizationId, organizationId), sql`${billingProducts.id} IN ${ids}`));
  return new Map(rows.map((row) => [row.id, row]));
}

function checkProduct(
  fields: { taxCode?: string; exemptionCode?: string | null },
  current?: ProductRow,
): void {
  const taxCode = fields.taxCode ?? current?.taxCode;
  const exemption = fields.exemptionCode !== undefined ? fields.exemptionCode : current?.exemptionCode;
  if (taxCode === 'ISE' && !exemption)
    throw new AppError('VALIDATION_FAILED', 'An exempt product needs its exemption reason code (M…).', [
      { path: 'exemptionCode', messageKey: 'VALIDATION.REQUIRED', message: 'Exemption code required' },
    ]);
}

export async function createProduct(
  db: Db,
  organizationId: string,
  body: ContractBody<typeof createProductContract>,
): Promise<Product> {
  checkProduct(body);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(billingProducts)
        .values({ ...body, organizationId } as typeof billingProducts.$inferInsert)
        .returning();
      const product = toProduct(row as ProductRow);
      await notifyOrganization(tx, organizationId, 'BILLING_PRODUCT_CREATED', {
        ProductId: product.id,
        Name: product.description.slice(0, 200),
      });
      return product;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('NAME_TAKEN', 'A product with this code exists.');
    throw error;
  }
}

export async function updateProduct(
  db: Db,
  organizationId: string,
  id: string,
  body: ContractBody<typeof updateProductContract>,
): Promise<Product> {
  const [current] = await db
    .select()
    .from(billingProducts)
    .where(and(eq(billingProducts.organizationId, organizationId), eq(billingProducts.id, id)));
  if (!current) throw new AppError('NOT_FOUND', 'No such product.');
  checkProduct(body, current);
  try {
    const [row] = await db
      .update(billingProducts)
      .set({ ...body, updatedAt: new Date() })
      .where(and(eq(billingProducts.organizationId, organizationId), eq(billingProducts.id, id)))
      .returning();
    return toProduct(row as ProductRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('NAME_TAKEN', 'A product with this code exists.');
    throw error;
  }
}
