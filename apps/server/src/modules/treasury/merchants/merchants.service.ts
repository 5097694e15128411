import {
  compactTaxNumber,
  type createMerchantContract,
  isValidVatNumber,
  type Merchant,
  normalizeVatNumber,
  TAX_NUMBER_PATTERNS,
  type updateMerchantContract,
} from '@fluxo/domain';
import type { z } from 'zod';
import { type Db, isUniqueViolation } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repository from './merchants.repository.ts';

type CreateBody = z.infer<typeof createMerchantContract.body>;
type UpdateBody = z.infer<typeof updateMerchantContract.body>;

export interface MerchantOrg {
  id: string;
  country: string;
}

function toMerchant(row: repository.MerchantRow): Merchant {
  return {
    id: row.id,
    name: row.name,
    vatNumber: row.vat_number,
    defaultCategoryId: row.default_category_id,
  };
}

/**
 * The merchant's tax number as stored, or null. A number with another country's prefix (ES…, FR…,
 * EL… for Greece) is checked against that country's rule and kept with its prefix; anything else is a
 * number of the organization's country, checked by its rule (PT check digit included) and stored in
 * the national form.
 */
export function normaliseMerchantVat(orgCountry: string, value: string | null | undefined): string | null {
  const compact = compactTaxNumber(value ?? '');
  if (compact === '') return null;
  const home = orgCountry.toUpperCase();
  const prefix = compact.slice(0, 2) === 'EL' ? 'GR' : compact.slice(0, 2);
  const foreign = prefix !== home && TAX_NUMBER_PATTERNS.some((pattern) => pattern.country === prefix);
  const country = foreign ? prefix : home;
  if (!isValidVatNumber(country, compact)) {
    const message = 'This tax number is not valid for the country.';
    throw new AppError('INVALID_VAT_NUMBER', message, [
      { path: 'body.vatNumber', messageKey: 'VALIDATION.TAX_NUMBER', message },
    ]);
  }
  return foreign ? compact : normalizeVatNumber(country, compact);
}

const nameTaken = () =>
  new AppError('NAME_TAKEN', 'A merchant of this organization already has this name.', [
    { path: 'body.name', messageKey: 'ERRORS.NAME_TAKEN', message: 'Name already used.' },
  ]);

async function checkCategory(db: Db, organizationId: string, categoryId: string | null | undefined) {
  if (!categoryId) return;
  if (!(await repository.categoryExists(db, organizationId, categoryId))) {
    throw new AppError('NOT_FOUND', 'No such category in this organization.', [
      { path: 'body.defaultCategoryId', messageKey: 'ERRORS.NOT_FOUND', message: 'No such category.' },
    ]);
  }
}

async function requireMerchant(db: Db, organizationId: string, id: string) {
  const row = await repository.findMerchant(db, organizationId, id);
  if (!row) throw new AppError('NOT_FOUND', 'No such merchant in this organization.');
  return row;
}

/** The unique index decides a race between two requests with the same name: NAME_TAKEN, not a 500. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function listMerchants(db: Db, org: MerchantOrg): Promise<Merchant[]> {
  return (await repository.listMerchants(db, org.id)).map(toMerchant);
}

export async function createMerchant(db: Db, org: MerchantOrg, body: CreateBody): Promise<Merchant> {
  const vatNumber = normaliseMerchantVat(org.country, body.vatNumber);
  await checkCategory(db, org.id, body.defaultCategoryId);
  if (await repository.nameTaken(db, org.id, body.name, null)) throw nameTaken();
  return uniqueName(async () =>
    toMerchant(
      await repository.insertMerchant(db, {
        organizationId: org.id,
        name: body.name,
        vatNumber,
        defaultCategoryId: body.defaultCategoryId ?? null,
      }),
    ),
  );
}

export async function updateMerchant(
  db: Db,
  org: MerchantOrg,
  id: string,
  body: UpdateBody,
): Promise<Merchant> {
  await requireMerchant(db, org.id, id);
  const vatNumber =
    body.vatNumber !== undefined ? normaliseMerchantVat(org.country, body.vatNumber) : undefined;
  await checkCategory(db, org.id, body.defaultCategoryId);
  if (body.name !== undefined && (await repository.nameTaken(db, org.id, body.name, id))) throw nameTaken();
  return uniqueName(async () =>
    toMerchant(
      await repository.updateMerchant(db, org.id, id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(vatNumber !== undefined ? { vatNumber } : {}),
        ...(body.defaultCategoryId !== undefined ? { defaultCategoryId: body.defaultCategoryId } : {}),
      }),
    ),
  );
}

/** Movements keep their history without it (merchant_id is set to null); rules drop it. */
export async function deleteMerchant(db: Db, org: MerchantOrg, id: string) {
  await requireMerchant(db, org.id, id);
  await db.transaction(async (tx) => {
    await repository.detachFromRules(tx, org.id, id);
    await repository.deleteMerchant(tx, org.id, id);
  });
  return { deleted: true as const };
}
