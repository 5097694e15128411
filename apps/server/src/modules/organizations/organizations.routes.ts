import {
  accessOrganizationsContract,
  createOrganizationContract,
  deleteOrganizationContract,
  getOrganizationBrandContract,
  getOrganizationContract,
  getOrganizationOwnerContract,
  getOrganizationSettingContract,
  getOrganizationTypeContract,
  leaveOrganizationContract,
  organizationByVatNumberContract,
  organizationCloudContract,
  organizationSectorsContract,
  organizationsAllContract,
  PermissionFlag,
  permissionCheckContract,
  planForAddingOrganizationContract,
  saveOrganizationSettingContract,
  setMemberPermissionsContract,
  setPortfolioPermissionsContract,
  updateOrganizationContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Access, USER } from '../../platform/access.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as organizations from './organizations.service.ts';

const { VIEW, EDIT, DELETE } = PermissionFlag;

/**
 * Access rules. Routes on one organization name it by the `:id` path parameter (`from: 'param'`) or
 * the OrgId header; routes open to any member whatever their grants (brand, type, owner, cloud,
 * leave) are signed-in routes whose service checks the membership.
 */
const ORG_VIEW: Access = {
  kind: 'org',
  resource: 'organization.orgs',
  flag: VIEW,
  from: 'param',
  allowLocked: true,
};
const ORG_EDIT: Access = { kind: 'org', resource: 'organization.orgs', flag: EDIT, from: 'param' };
const ORG_DELETE: Access = {
  kind: 'org',
  resource: 'organization.orgs',
  flag: DELETE,
  from: 'param',
  allowLocked: true,
};
const SETTINGS_VIEW: Access = { kind: 'org', resource: 'organization.settings', flag: VIEW, from: 'param' };
const SETTINGS_EDIT: Access = { kind: 'org', resource: 'organization.settings', flag: EDIT };
const TEAMS_EDIT: Access = { kind: 'org', resource: 'settings.teams', flag: EDIT };
const PORTFOLIO_CLIENTS_EDIT: Access = { kind: 'org', resource: 'portfolio.configClients', flag: EDIT };

export function organizationsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  addRoute(app, permissionCheckContract, USER, async ({ request, query }) => ({
    allowed: await organizations.checkPermission(
      db,
      requireSession(request).userId,
      query.organizationId,
      query.permission,
    ),
  }));

  addRoute(app, organizationsAllContract, USER, async ({ request }) =>
    organizations.listOrganizations(db, requireSession(request).userId),
  );

  addRoute(app, organizationByVatNumberContract, USER, async ({ query }) =>
    organizations.findByVatNumber(db, query.country, query.vatNumber),
  );

  addRoute(app, organizationSectorsContract, USER, async ({ query }) =>
    organizations.listSectors(query.term),
  );

  addRoute(app, createOrganizationContract, USER, async ({ request, body }) =>
    organizations.createOrganization(db, requireSession(request).userId, body),
  );

  addRoute(app, getOrganizationContract, ORG_VIEW, async ({ request, params }) =>
    organizations.getOrganization(db, requireSession(request).userId, params.id),
  );

  addRoute(app, updateOrganizationContract, ORG_EDIT, async ({ request, params, body }) =>
    organizations.updateOrganization(db, requireSession(request).userId, params.id, body),
  );

  addRoute(app, deleteOrganizationContract, ORG_DELETE, async ({ request }) => ({
    deleted: await organizations.deleteOrganization(db, requireOrg(request)),
  }));

  addRoute(app, getOrganizationBrandContract, USER, async ({ request, params }) =>
    organizations.getBrand(db, requireSession(request).userId, params.id),
  );

  addRoute(app, getOrganizationTypeContract, USER, async ({ request, params }) =>
    organizations.getType(db, requireSession(request).userId, params.id),
  );

  addRoute(app, getOrganizationOwnerContract, USER, async ({ request, params }) =>
    organizations.getOwner(db, requireSession(request).userId, params.id),
  );

  addRoute(app, getOrganizationSettingContract, SETTINGS_VIEW, async ({ params, query }) =>
    organizations.getSetting(db, params.id, query.value),
  );

  addRoute(app, saveOrganizationSettingContract, SETTINGS_EDIT, async ({ request, body }) =>
    organizations.saveSetting(db, requireOrg(request).id, body.key, body.value),
  );

  addRoute(app, leaveOrganizationContract, USER, async ({ request, params }) =>
    organizations.leaveOrganization(db, requireSession(request).userId, params.id),
  );

  addRoute(app, setMemberPermissionsContract, TEAMS_EDIT, async ({ request, body }) =>
    organizations.setMemberPermissions(
      db,
      requireSession(request),
      requireOrg(request),
      body.email,
      body.permissions,
    ),
  );

  addRoute(app, setPortfolioPermissionsContract, PORTFOLIO_CLIENTS_EDIT, async ({ request, body }) =>
    organizations.setPortfolioPermissions(db, requireSession(request), requireOrg(request), body),
  );

  addRoute(app, accessOrganizationsContract, USER, async ({ request, query }) =>
    organizations.accessOrganizations(db, requireSession(request), query.userId),
  );

  addRoute(app, organizationCloudContract, USER, async ({ request, params }) =>
    organizations.getCloud(db, requireSession(request).userId, params.id),
  );

  addRoute(app, planForAddingOrganizationContract, USER, async ({ request, params }) =>
    organizations.planForAddingOrganization(db, requireSession(request), params.id),
  );
}
