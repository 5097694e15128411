import { z } from 'zod';
import { ZEmail, ZEncryptedPassword } from '../auth/contracts.ts';
import { defineContract } from '../contract.ts';
import { LANGUAGES } from '../languages.ts';
import {
  type Grants,
  grantsToStrings,
  hasFlag,
  PermissionFlag,
  RESOURCE_GROUPS,
  RESOURCES,
  type Resource,
  type ResourceGroup,
} from '../permissions.ts';
import { ZGrantList, ZOrganizationRole } from './contracts.ts';

const { VIEW, VCE, ADMIN } = PermissionFlag;

// ---------------------------------------------------------------------------------------------
// Role presets: data over the permission catalogue

/** The role presets an owner picks from when inviting a colleague (issue 15). */
export const ROLE_PRESETS = ['viewer', 'bookkeeper', 'sales', 'admin'] as const;
export type RolePreset = (typeof ROLE_PRESETS)[number];

/** One line of a preset: a whole resource group, or one resource, at a flag. */
type PresetRule = { group: ResourceGroup; flag: number } | { resource: Resource; flag: number };

/**
 * What each preset grants, as data: rules applied in order (a later rule on the same resource wins).
 * The portfolio group (an accountant's firm and its clients) is never part of a preset.
 * - viewer: sees the business (treasury, financial, billing, accounting, reports, dashboards), changes nothing.
 * - bookkeeper: keeps the books: accounting and the movements and documents behind them; sees billing and reports.
 * - sales: issues and follows sales documents and recurring billing, keeps customers (merchants).
 * - admin: every resource outside the portfolio at ADMIN, the team included.
 */
export const ROLE_PRESET_RULES: Record<RolePreset, readonly PresetRule[]> = {
  viewer: [
    { group: 'treasury', flag: VIEW },
    { group: 'financial', flag: VIEW },
    { resource: 'billing.documents', flag: VIEW },
    { resource: 'billing.outstandingInvoices', flag: VIEW },
    { group: 'accounting', flag: VIEW },
    { group: 'reports', flag: VIEW },
    { resource: 'organization.orgs', flag: VIEW },
    { group: 'dashboards', flag: VIEW },
    { group: 'chat', flag: VCE },
  ],
  bookkeeper: [
    { group: 'accounting', flag: ADMIN },
    { group: 'reports', flag: VIEW },
    { resource: 'treasury.cash', flag: VIEW },
    { resource: 'treasury.inOut', flag: VCE },
    { resource: 'treasury.digitalDocs', flag: VCE },
    { resource: 'billing.documents', flag: VIEW },
    { resource: 'billing.outstandingInvoices', flag: VIEW },
    { resource: 'organization.orgs', flag: VIEW },
    { resource: 'organization.categories', flag: VCE },
    { group: 'dashboards', flag: VIEW },
    { group: 'chat', flag: VCE },
  ],
  sales: [
    { resource: 'billing.documents', flag: VCE },
    { resource: 'billing.subscriptions', flag: VCE },
    { resource: 'billing.outstandingInvoices', flag: VIEW },
    { resource: 'organization.orgs', flag: VIEW },
    { resource: 'organization.merchants', flag: VCE },
    { group: 'dashboards', flag: VIEW },
    { group: 'chat', flag: VCE },
  ],
  admin: (Object.keys(RESOURCE_GROUPS) as ResourceGroup[])
    .filter((group) => group !== 'portfolio')
    .map((group) => ({ group, flag: ADMIN })),
};

/** The grants of a preset, built from its rules. */
export function presetGrants(preset: RolePreset): Grants {
  const grants: Grants = {};
  for (const rule of ROLE_PRESET_RULES[preset]) {
    const resources =
      'group' in rule
        ? RESOURCE_GROUPS[rule.group].map((name) => `${rule.group}.${name}` as Resource)
        : [rule.resource];
    for (const resource of resources) grants[resource] = rule.flag;
  }
  return grants;
}

/** The preset whose grants are exactly these, else null (a custom matrix). */
export function presetOf(grants: Grants): RolePreset | null {
  const keys = (g: Grants) =>
    Object.entries(g)
      .filter(([, flag]) => flag !== undefined)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([resource, flag]) => `${resource}=${flag}`)
      .join(',');
  const wanted = keys(grants);
  return ROLE_PRESETS.find((preset) => keys(presetGrants(preset)) === wanted) ?? null;
}

/**
 * The grants of `wanted` that `held` does not cover: what a granter who holds `held` may not hand
 * out. Empty means the grant stays within the granter's own.
 */
export function grantsBeyond(held: Grants, wanted: Grants): Resource[] {
  return RESOURCES.filter((resource) => {
    const flag = wanted[resource];
    if (flag === undefined) return false;
    const own = held[resource];
    return own === undefined || !hasFlag(own, flag);
  });
}

/** The part of `wanted` that `held` covers, flag bit by flag bit. */
export function grantsWithin(held: Grants, wanted: Grants): Grants {
  const result: Grants = {};
  for (const resource of RESOURCES) {
    const flag = wanted[resource];
    const own = held[resource];
    if (flag !== undefined && own !== undefined) result[resource] = flag & own;
  }
  return result;
}

export const presetPermissions = (preset: RolePreset): string[] => grantsToStrings(presetGrants(preset));

// ---------------------------------------------------------------------------------------------
// Contracts: /settings/teams (OrgId organization) and the invitation link

export const ZTeamMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: ZOrganizationRole,
  permissions: z.array(z.string()),
  /** The preset the grants match exactly, else null (custom). */
  preset: z.enum(ROLE_PRESETS).nullable(),
  /** The caller themself. */
  you: z.boolean(),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof ZTeamMember>;

export const ZInvitation = z.object({
  id: z.string(),
  email: z.string(),
  permissions: z.array(z.string()),
  preset: z.enum(ROLE_PRESETS).nullable(),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof ZInvitation>;

const ZUserParams = z.object({ userId: z.uuid() });
const ZInvitationParams = z.object({ id: z.uuid() });
/** The link's secret: 43 base64url characters (32 random bytes). */
export const ZInvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const listTeamMembersContract = defineContract({
  method: 'GET',
  path: '/api/v1/teams/members',
  response: z.object({ members: z.array(ZTeamMember) }),
});

export const setTeamMemberPermissionsContract = defineContract({
  method: 'PUT',
  path: '/api/v1/teams/members/:userId/permissions',
  params: ZUserParams,
  body: z.strictObject({ permissions: ZGrantList }),
  response: ZTeamMember,
});

export const removeTeamMemberContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/teams/members/:userId',
  params: ZUserParams,
  response: z.object({ removed: z.boolean() }),
});

export const transferOwnershipContract = defineContract({
  method: 'POST',
  path: '/api/v1/teams/transfer-ownership',
  body: z.strictObject({ userId: z.uuid() }),
  response: z.object({ ownerId: z.string() }),
});

export const listInvitationsContract = defineContract({
  method: 'GET',
  path: '/api/v1/teams/invitations',
  response: z.object({ invitations: z.array(ZInvitation) }),
});

export const createInvitationContract = defineContract({
  method: 'POST',
  path: '/api/v1/teams/invitations',
  body: z.strictObject({ email: ZEmail, permissions: ZGrantList }),
  response: ZInvitation,
  status: 201,
});

export const resendInvitationContract = defineContract({
  method: 'POST',
  path: '/api/v1/teams/invitations/:id/resend',
  params: ZInvitationParams,
  response: ZInvitation,
});

export const revokeInvitationContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/teams/invitations/:id',
  params: ZInvitationParams,
  response: z.object({ revoked: z.boolean() }),
});

/** What the link's page shows before the visitor signs up or in (public: the token is the secret). */
export const invitationLookupContract = defineContract({
  method: 'POST',
  path: '/api/v1/invitations/lookup',
  body: z.strictObject({ token: ZInvitationToken }),
  response: z.object({
    organizationName: z.string(),
    email: z.string(),
    invitedBy: z.string().nullable(),
    expiresAt: z.string(),
    /** An account with the invited e-mail exists: the visitor signs in, else signs up. */
    accountExists: z.boolean(),
  }),
});

/** The signed-in user, whose e-mail the invitation names, joins the organization. */
export const acceptInvitationContract = defineContract({
  method: 'POST',
  path: '/api/v1/invitations/accept',
  body: z.strictObject({ token: ZInvitationToken }),
  response: z.object({ organizationId: z.string() }),
});

/** A new user signs up through the link (the link proves the e-mail), joins, and is signed in. */
export const signupWithInvitationContract = defineContract({
  method: 'POST',
  path: '/api/v1/invitations/signup',
  body: z.strictObject({
    token: ZInvitationToken,
    name: z.string().trim().min(1).max(120),
    password: ZEncryptedPassword,
    language: z.enum(LANGUAGES),
  }),
  response: z.object({ auth_token: z.string(), id: z.string(), organizationId: z.string() }),
  status: 201,
});
