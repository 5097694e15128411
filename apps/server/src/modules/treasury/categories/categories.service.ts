import type { Category, createCategoryContract, updateCategoryContract } from '@fluxo/domain';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repository from './categories.repository.ts';
import { defaultCategoriesFor } from './default-categories.ts';

type CreateBody = z.infer<typeof createCategoryContract.body>;
type UpdateBody = z.infer<typeof updateCategoryContract.body>;

/** The organization a category call acts on: its id and country (which default tree it gets). */
export interface CategoryOrg {
  id: string;
  country: string;
}

function toCategory(row: repository.CategoryRow): Category {
  return {
    id: row.id,
    parentId: row.parent_id,
    kind: row.kind,
    name: row.name,
    code: row.code,
    accountCode: row.account_code,
    archived: row.archived,
  };
}

/**
 * Gives the organization the default categories of its country, once: idempotent (only the missing
 * codes are inserted, parents before their children) and safe when two requests seed at once (the
 * unique index on (organization_id, code) lets one win). Returns code → id of every default it holds.
 * Defaults are archived rather than deleted, so that a removed one is not seeded again.
 */
export async function ensureDefaultCategories(
  tx: Db,
  organizationId: string,
  country: string,
): Promise<Map<string, string>> {
  const wanted = defaultCategoriesFor(country);
  const held = await repository.defaultCategoryIds(tx, organizationId);
  if (wanted.every((category) => held.has(category.code))) return held;
  const missing = wanted.filter((category) => !held.has(category.code));
  await repository.insertDefaults(
    tx,
    organizationId,
    missing.filter((category) => category.parent === null),
  );
  await repository.insertDefaults(
    tx,
    organizationId,
    missing.filter((category) => category.parent !== null),
  );
  return repository.defaultCategoryIds(tx, organizationId);
}

const notFound = () => new AppError('NOT_FOUND', 'No such category in this organization.');

/** A category of the organization, or NOT_FOUND (another organization's is never reachable). */
export async function requireCategory(db: Db, organizationId: string, id: string, forUpdate = false) {
  const row = await repository.findCategory(db, organizationId, id, forUpdate);
  if (!row) throw notFound();
  return row;
}

function kindMismatch(): AppError {
  return new AppError('CATEGORY_KIND_MISMATCH', 'A sub-category must be of its parent’s kind.', [
    {
      path: 'body.parentId',
      messageKey: 'ERRORS.CATEGORY_KIND_MISMATCH',
      message: 'A sub-category must be of its parent’s kind.',
    },
  ]);
}

export async function listCategories(db: Db, org: CategoryOrg): Promise<Category[]> {
  await db.transaction((tx) => ensureDefaultCategories(tx, org.id, org.country));
  return (await repository.listCategories(db, org.id)).map(toCategory);
}

export async function createCategory(db: Db, org: CategoryOrg, body: CreateBody): Promise<Category> {
  return db.transaction(async (tx) => {
    await ensureDefaultCategories(tx, org.id, org.country);
    const parentId = body.parentId ?? null;
    if (parentId !== null) {
      const parent = await requireCategory(tx, org.id, parentId);
      if (parent.kind !== body.kind) throw kindMismatch();
    }
    const row = await repository.insertCategory(tx, {
      organizationId: org.id,
      parentId,
      kind: body.kind,
      name: body.name,
      accountCode: body.accountCode ? body.accountCode : null,
    });
    return toCategory(row);
  });
}

export async function updateCategory(
  db: Db,
  org: CategoryOrg,
  id: string,
  body: UpdateBody,
): Promise<Category> {
  return db.transaction(async (tx) => {
    await ensureDefaultCategories(tx, org.id, org.country);
    const current = await requireCategory(tx, org.id, id, true);
    if (body.parentId !== undefined && body.parentId !== null && body.parentId !== current.parent_id) {
      const parent = await requireCategory(tx, org.id, body.parentId);
      if (parent.kind !== current.kind) throw kindMismatch();
      // The new parent may not be the category itself or one of its descendants.
      if (await repository.isSelfOrAncestor(tx, org.id, body.parentId, id)) {
        const message = 'A category cannot be placed under itself or one of its sub-categories.';
        throw new AppError('VALIDATION_FAILED', message, [
          { path: 'body.parentId', messageKey: 'TREASURY.CATEGORIES.CYCLE', message },
        ]);
      }
    }
    const row = await repository.updateCategory(tx, org.id, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.parentId !== undefined ? { parentId: body.parentId } : {}),
      ...(body.accountCode !== undefined ? { accountCode: body.accountCode ? body.accountCode : null } : {}),
      ...(body.archived !== undefined ? { archived: body.archived } : {}),
    });
    return toCategory(row);
  });
}

/**
 * Deletes a category nothing points at; one in use (movements, parts, sub-categories, merchants,
 * rules) is archived instead, and so is a default one, so that it is not seeded again.
 */
export async function deleteCategory(db: Db, org: CategoryOrg, id: string) {
  return db.transaction(async (tx) => {
    await ensureDefaultCategories(tx, org.id, org.country);
    // The row lock holds off new movements pointing at it until the decision is made.
    const current = await requireCategory(tx, org.id, id, true);
    if (current.code !== null || (await repository.categoryInUse(tx, org.id, id))) {
      await repository.updateCategory(tx, org.id, id, { archived: true });
      return { deleted: false, archived: true };
    }
    await repository.deleteCategory(tx, org.id, id);
    return { deleted: true, archived: false };
  });
}
