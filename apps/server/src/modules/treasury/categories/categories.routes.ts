import {
  createCategoryContract,
  deleteCategoryContract,
  listCategoriesContract,
  PermissionFlag,
  updateCategoryContract,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '../../../platform/access.ts';
import { requireOrg } from '../../../platform/guard.ts';
import { addRoute } from '../../../platform/route.ts';
import type { TreasuryDeps } from '../treasury.routes.ts';
import * as categories from './categories.service.ts';

const manage = (flag: number): Access => ({ kind: 'org', resource: 'organization.categories', flag });
/** The movements screen and the organization's settings both read the list. */
const READ: Access = {
  kind: 'org',
  resource: 'treasury.inOut',
  flag: PermissionFlag.VIEW,
  anyOf: [{ resource: 'organization.categories', flag: PermissionFlag.VIEW }],
};

const orgOf = (request: FastifyRequest): categories.CategoryOrg => {
  const org = requireOrg(request);
  return { id: org.id, country: org.country };
};

/** Income and expense categories: two trees per organization, seeded with the country's defaults. */
export function categoriesRoutes(app: FastifyInstance, deps: TreasuryDeps): void {
  addRoute(app, listCategoriesContract, READ, async ({ request }) =>
    categories.listCategories(deps.db, orgOf(request)),
  );

  addRoute(app, createCategoryContract, manage(PermissionFlag.CREATE), async ({ body, request }) =>
    categories.createCategory(deps.db, orgOf(request), body),
  );

  addRoute(app, updateCategoryContract, manage(PermissionFlag.EDIT), async ({ params, body, request }) =>
    categories.updateCategory(deps.db, orgOf(request), params.id, body),
  );

  addRoute(app, deleteCategoryContract, manage(PermissionFlag.DELETE), async ({ params, request }) =>
    categories.deleteCategory(deps.db, orgOf(request), params.id),
  );
}
