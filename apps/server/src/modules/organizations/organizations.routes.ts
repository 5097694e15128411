import {
  accessOrganizationsContract,
  createOrganizationContract,
  deleteOrganizationContract,
  deleteOrganizationLogoContract,
  getOrganizationBrandContract,
  getOrganizationContract,
  getOrganizationOwnerContract,
  getOrganizationSettingContract,
  getOrganizationTypeContract,
  leaveOrganizationContract,
  ORGANIZATION_LOGO_MAX_BYTES,
  organizationByVatNumberContract,
  organizationCloudContract,
  organizationSectorsContract,
  organizationsAllContract,
  PermissionFlag,
  permissionCheckContract,
  planForAddingOrganizationContract,
  saveOrganizationSettingContract,
  setDefaultOrganizationContract,
  setMemberPermissionsContract,
  setPortfolioPermissionsContract,
  updateOrganizationContract,
  uploadOrganizationLogoContract,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rows } from '../../db/client.ts';
import { type Access, USER, withDetail } from '../../platform/access.ts';
import { diffChanges, noteAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { registerRawUploads } from '../../platform/raw-upload.ts';
import { addRoute } from '../../platform/route.ts';
import * as organizations from './organizations.service.ts';

const { VIEW, EDIT } = PermissionFlag;

/**
 * Audiences (platform/access.ts). Routes on one organization name it by the `:id` path parameter
 * (`from: 'param'`) or the OrgId header. What the shell needs of any organization it shows (brand,
 * type, cloud credit) is for every member; the owner's e-mail is for those who may see the
 * organization's settings.
 */
const ORG_VIEW: Access = {
  kind: 'org',
  resource: 'organization.orgs',
  flag: VIEW,
  from: 'param',
  allowLocked: true,
};
const ORG_EDIT: Access = { kind: 'org', resource: 'organization.orgs', flag: EDIT, from: 'param' };
const OWNER: Access = { kind: 'owner', from: 'param', allowLocked: true };
const MEMBER: Access = { kind: 'member', from: 'param', allowLocked: true };
/** Leaving shows nothing of the organization, so its two-factor requirement does not stand in the way. */
const MEMBER_LEAVING: Access = { kind: 'member', from: 'param', allowLocked: true, withoutTwoFactor: true };
const SETTINGS_VIEW: Access = { kind: 'org', resource: 'organization.settings', flag: VIEW, from: 'param' };
const OWNER_CONTACT: Access = { ...SETTINGS_VIEW, allowLocked: true };
const SETTINGS_EDIT: Access = { kind: 'org', resource: 'organization.settings', flag: EDIT };
const TEAMS_EDIT: Access = { kind: 'org', resource: 'settings.teams', flag: EDIT };
const PORTFOLIO_CLIENTS_EDIT: Access = {
  kind: 'org',
  resource: 'portfolio.configClients',
  flag: EDIT,
  detail: 'the OrgId organization must be a portfolio firm and the target organization its client',
};
const SELF_OR_ADMIN_PARAM: Access = { kind: 'self', from: 'param', orAdmin: true };
const SELF_OR_ADMIN_QUERY: Access = { kind: 'self', from: 'query', orAdmin: true };

/** A member's grants (for the audit record of a permission change); empty when not a member. */
async function memberGrants(db: Db, organizationId: string, email: string): Promise<Record<string, number>> {
  const [row] = await rows<{ permissions: Record<string, number> }>(
    db,
    sql`SELECT m.permissions FROM organization_members m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${organizationId} AND u.email = ${email}`,
  );
  return row?.permissions ?? {};
}

export function organizationsRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  addRoute(
    app,
    permissionCheckContract,
    withDetail(USER, "answers only about the caller's own grants; false outside their organizations"),
    async ({ request, query }) => ({
      allowed: await organizations.checkPermission(
        db,
        requireSession(request).userId,
        query.organizationId,
        query.permission,
      ),
    }),
  );

  addRoute(app, organizationsAllContract, USER, async ({ request }) =>
    organizations.listOrganizations(db, requireSession(request).userId),
  );

  addRoute(
    app,
    organizationByVatNumberContract,
    withDetail(USER, 'whether the VAT number is taken; the id and name only to its members and Admin'),
    async ({ query, request }) =>
      organizations.findByVatNumber(db, requireSession(request), query.country, query.vatNumber),
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

  addRoute(app, updateOrganizationContract, ORG_EDIT, async ({ request, params, body }) => {
    const userId = requireSession(request).userId;
    const before = await organizations.getOrganization(db, userId, params.id);
    const after = await organizations.updateOrganization(db, userId, params.id, body);
    const fields = Object.keys(body);
    const pick = (o: object) => Object.fromEntries(Object.entries(o).filter(([k]) => fields.includes(k)));
    noteAudit(request, { entity: 'organizations', changes: diffChanges(pick(before), pick(after)) });
    return after;
  });

  addRoute(
    app,
    deleteOrganizationContract,
    withDetail(OWNER, "after typing the organization's VAT number (or the owner's e-mail)"),
    async ({ request, body }) => ({
      deleted: await organizations.deleteOrganization(db, requireOrg(request), body.confirmation),
    }),
  );

  addRoute(app, setDefaultOrganizationContract, MEMBER, async ({ request, params }) =>
    organizations.setDefaultOrganization(db, requireSession(request).userId, params.id),
  );

  addRoute(app, deleteOrganizationLogoContract, ORG_EDIT, async ({ request, params }) => {
    const brand = await organizations.removeLogo(db, params.id);
    noteAudit(request, { entity: 'organizations', changes: { logo: { before: 'kept', after: null } } });
    return brand;
  });

  registerRawUploads(
    app,
    { contentTypes: /^image\/(png|jpeg|svg\+xml)$/, maxBytes: ORGANIZATION_LOGO_MAX_BYTES },
    (binary) =>
      addRoute(
        binary,
        uploadOrganizationLogoContract,
        ORG_EDIT,
        async ({ request, params }) => {
          if (!Buffer.isBuffer(request.body)) {
            throw new AppError('MALFORMED_BODY', 'Send the image as the request body.');
          }
          const brand = await organizations.setLogo(
            db,
            params.id,
            request.headers['content-type'],
            request.body,
          );
          // The image itself is not copied into the log: its type and size say what changed.
          noteAudit(request, {
            entity: 'organizations',
            changes: {
              logo: {
                before: null,
                after: `${request.headers['content-type']}, ${request.body.length} bytes`,
              },
            },
          });
          return brand;
        },
        { bodyLimit: ORGANIZATION_LOGO_MAX_BYTES },
      ),
  );

  addRoute(app, getOrganizationBrandContract, MEMBER, async ({ params }) =>
    organizations.getBrand(db, params.id),
  );

  addRoute(app, getOrganizationTypeContract, MEMBER, async ({ params }) =>
    organizations.getType(db, params.id),
  );

  addRoute(app, getOrganizationOwnerContract, OWNER_CONTACT, async ({ params }) =>
    organizations.getOwner(db, params.id),
  );

  addRoute(app, getOrganizationSettingContract, SETTINGS_VIEW, async ({ params, query }) =>
    organizations.getSetting(db, params.id, query.value),
  );

  addRoute(app, saveOrganizationSettingContract, SETTINGS_EDIT, async ({ request, body }) => {
    const organizationId = requireOrg(request).id;
    const before = (await organizations.getSetting(db, organizationId, body.key)).value;
    const saved = await organizations.saveSetting(db, organizationId, body.key, body.value);
    noteAudit(request, {
      entityId: body.key,
      changes: diffChanges({ [body.key]: before }, { [body.key]: body.value }),
    });
    return saved;
  });

  addRoute(app, leaveOrganizationContract, withDetail(MEMBER_LEAVING, 'not the owner'), async ({ request }) =>
    organizations.leaveOrganization(db, requireSession(request).userId, requireOrg(request)),
  );

  addRoute(app, setMemberPermissionsContract, TEAMS_EDIT, async ({ request, body }) => {
    const org = requireOrg(request);
    const before = await memberGrants(db, org.id, body.email);
    const result = await organizations.setMemberPermissions(
      db,
      requireSession(request),
      org,
      body.email,
      body.permissions,
    );
    noteAudit(request, {
      entityId: result.userId,
      changes: diffChanges(before, await memberGrants(db, org.id, body.email)),
    });
    return result;
  });

  addRoute(app, setPortfolioPermissionsContract, PORTFOLIO_CLIENTS_EDIT, async ({ request, body }) =>
    organizations.setPortfolioPermissions(db, requireSession(request), requireOrg(request), body),
  );

  addRoute(app, accessOrganizationsContract, SELF_OR_ADMIN_QUERY, async ({ request, query }) =>
    organizations.accessOrganizations(db, requireSession(request), query.userId),
  );

  addRoute(app, organizationCloudContract, MEMBER, async ({ params }) =>
    organizations.getCloud(db, params.id),
  );

  addRoute(app, planForAddingOrganizationContract, SELF_OR_ADMIN_PARAM, async ({ request, params }) =>
    organizations.planForAddingOrganization(db, requireSession(request), params.id),
  );
}
