import { z } from 'zod';
import { ZCountryCode, ZEmail } from '../auth/contracts.ts';
import { defineContract } from '../contract.ts';
import { isResource, PermissionFlag, parsePermission } from '../permissions.ts';
import { isSectorCode } from './sectors.ts';

export const ZSubMenu = z.object({
  key: z.string(),
  title: z.string(),
  path: z.string(),
  order: z.number().int(),
});
export const ZMenu = z.object({
  key: z.string(),
  title: z.string(),
  order: z.number().int(),
  subMenus: z.array(ZSubMenu),
});

export const ZOrganizationRole = z.enum(['owner', 'member']);
export const ZOrganizationType = z.enum(['company', 'particular']);

/** An organization as its member sees it in the organizations list. */
export const ZOrganization = z.object({
  id: z.string(),
  name: z.string(),
  vatNumber: z.string(),
  country: z.string(),
  currency: z.string(),
  type: ZOrganizationType,
  role: ZOrganizationRole,
  locked: z.boolean(),
  planName: z.string().nullable(),
  cloudCredit: z.number().int(),
  /** The owner's plan is SIMPLE. */
  ownerIsSimple: z.boolean(),
  /** The member's permissions here, as `"resource.N"` strings. */
  permissions: z.array(z.string()),
  menus: z.array(ZMenu),
});
export type Organization = z.infer<typeof ZOrganization>;

/**
 * myOrgs: companies the user owns; memberOrgs: companies the user is a member of; particularOrgs:
 * organizations of type particular (an individual's own finances), whatever the role.
 */
export const ZOrganizationsList = z.object({
  myOrgs: z.array(ZOrganization),
  memberOrgs: z.array(ZOrganization),
  particularOrgs: z.array(ZOrganization),
});
export type OrganizationsList = z.infer<typeof ZOrganizationsList>;

const ZCurrencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((v) => v.toUpperCase());
/** A NACE Rev. 2 section letter (see sectors.ts). */
export const ZSectorCode = z
  .string()
  .trim()
  .max(10)
  .transform((v) => v.toUpperCase())
  .refine(isSectorCode, { message: 'Unknown economic sector.' });

/** How often the organization files its VAT return (Portugal: monthly above €650,000 of turnover). */
export const ZVatRegime = z.enum(['monthly', 'quarterly']);
export type VatRegime = z.infer<typeof ZVatRegime>;
/** Organized accounting (double entry, SNC/PGC) or the simplified regime. */
export const ZAccountingRegime = z.enum(['organized', 'simplified']);
export type AccountingRegime = z.infer<typeof ZAccountingRegime>;

export const ZOrganizationInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  /** Checked per country on the server: PT NIF, AO NIF, or 5 to 20 letters and digits. */
  vatNumber: z.string().trim().min(5).max(20),
  country: ZCountryCode,
  /** Defaults to EUR in PT, AOA in AO, else the creator's currency. */
  currency: ZCurrencyCode.optional(),
  type: ZOrganizationType.default('company'),
  sectorCode: ZSectorCode.optional(),
  email: z.email().max(254).optional(),
  phone: z.string().trim().max(30).optional(),
  address: z.string().trim().max(300).optional(),
  postalCode: z.string().trim().max(20).optional(),
  city: z.string().trim().max(100).optional(),
});
export type OrganizationInput = z.input<typeof ZOrganizationInput>;

/** Changes to an organization: only the fields sent change; null clears an optional field. */
export const ZOrganizationUpdate = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  vatNumber: z.string().trim().min(5).max(20).optional(),
  currency: ZCurrencyCode.optional(),
  type: ZOrganizationType.optional(),
  sectorCode: ZSectorCode.nullable().optional(),
  email: z.email().max(254).nullable().optional(),
  phone: z.string().trim().max(30).nullable().optional(),
  address: z.string().trim().max(300).nullable().optional(),
  postalCode: z.string().trim().max(20).nullable().optional(),
  city: z.string().trim().max(100).nullable().optional(),
  brandColor: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/)
    .nullable()
    .optional(),
  /** The VAT number is checked again against the new country; refused once the accounting has started. */
  country: ZCountryCode.optional(),
  vatRegime: ZVatRegime.optional(),
  accountingRegime: ZAccountingRegime.optional(),
  /** Refused once the accounting has opened a fiscal year. */
  fiscalYearStartMonth: z.number().int().min(1).max(12).optional(),
});
export type OrganizationUpdate = z.input<typeof ZOrganizationUpdate>;

export const ZOrganizationDetails = ZOrganization.extend({
  sectorCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  brandColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  vatRegime: ZVatRegime,
  accountingRegime: ZAccountingRegime,
  fiscalYearStartMonth: z.number().int(),
});
export type OrganizationDetails = z.infer<typeof ZOrganizationDetails>;

const ZIdParams = z.object({ id: z.uuid() });

/** Spec §5: a resource, a dot, and a numeric flag (`"treasury.cash.1"`). */
export const ZPermissionString = z
  .string()
  .min(3)
  .max(100)
  .refine((v) => parsePermission(v) !== null, {
    message: 'A permission is a resource, a dot and a flag number.',
  });

/** A grant given to a member: a known resource and a flag between NONE and ADMIN. */
export const ZGrantString = z
  .string()
  .max(100)
  .refine(
    (v) => {
      const parsed = parsePermission(v);
      return parsed !== null && isResource(parsed.resource) && parsed.flag <= PermissionFlag.ADMIN;
    },
    { message: 'Unknown resource or flag (expected group.resource.N with N from 0 to 15).' },
  );
export const ZGrantList = z
  .array(ZGrantString)
  .max(200)
  .refine(
    (list) => {
      const resources = list.map((v) => parsePermission(v)?.resource);
      return new Set(resources).size === resources.length;
    },
    { message: 'A resource is listed more than once.' },
  );

export const organizationsAllContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/all',
  response: ZOrganizationsList,
});
export const createOrganizationContract = defineContract({
  method: 'POST',
  path: '/api/v1/organizations',
  body: ZOrganizationInput,
  response: ZOrganization,
  status: 201,
});
export const getOrganizationContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/:id',
  params: ZIdParams,
  response: ZOrganizationDetails,
});
export const updateOrganizationContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/organizations/:id',
  params: ZIdParams,
  body: ZOrganizationUpdate,
  response: ZOrganizationDetails,
});
/**
 * Spec §2/§5: the owner confirms a removal by typing the organization's VAT number (or, for one
 * without, the owner's e-mail); the server checks it again.
 */
export const deleteOrganizationContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/organizations/:id',
  params: ZIdParams,
  body: z.strictObject({ confirmation: z.string().trim().min(1).max(254) }),
  response: z.object({ deleted: z.boolean() }),
});

/** Makes one of the caller's organizations their default (the token's defaultOrg, spec §4). */
export const setDefaultOrganizationContract = defineContract({
  method: 'PUT',
  path: '/api/v1/organizations/:id/default',
  params: ZIdParams,
  response: z.object({ defaultOrganizationId: z.string() }),
});

/** Largest logo kept (PNG, JPEG or SVG). */
export const ORGANIZATION_LOGO_MAX_BYTES = 256 * 1024;
/**
 * The organization's logo as the raw request body (image/png, image/jpeg or image/svg+xml); it is
 * kept as a data: URL in logoUrl, which documents and the shell show.
 */
export const uploadOrganizationLogoContract = defineContract({
  method: 'PUT',
  path: '/api/v1/organizations/:id/logo',
  params: ZIdParams,
  response: ZOrganizationBrandShape(),
});
export const deleteOrganizationLogoContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/organizations/:id/logo',
  params: ZIdParams,
  response: ZOrganizationBrandShape(),
});
/** Whether the caller holds a permission in one of their organizations; false for any other one. */
export const permissionCheckContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/permissions/check',
  query: z.object({ organizationId: z.uuid(), permission: ZPermissionString }),
  response: z.object({ allowed: z.boolean() }),
});

function ZOrganizationBrandShape() {
  return z.object({
    organizationId: z.string(),
    name: z.string(),
    brandColor: z.string().nullable(),
    logoUrl: z.string().nullable(),
  });
}
export const ZOrganizationBrand = ZOrganizationBrandShape();
export const getOrganizationBrandContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/:id/brand',
  params: ZIdParams,
  response: ZOrganizationBrand,
});
export const getOrganizationTypeContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/:id/type',
  params: ZIdParams,
  response: z.object({ organizationId: z.string(), type: ZOrganizationType }),
});
export const ZOrganizationOwner = z.object({
  organizationId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
});
export const getOrganizationOwnerContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/:id/owner',
  params: ZIdParams,
  response: ZOrganizationOwner,
});

export const ZOrganizationSettingKey = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);
/** Largest JSON text a setting may hold. */
export const MAX_SETTING_BYTES = 16 * 1024;
export const ZOrganizationSetting = z.object({
  key: z.string(),
  /** Any JSON value; null when the setting was never saved. */
  value: z.json(),
});
export const getOrganizationSettingContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/:id/settings/key',
  params: ZIdParams,
  query: z.object({ value: ZOrganizationSettingKey }),
  response: ZOrganizationSetting,
});
/** Saves a setting of the organization named by the OrgId header. */
export const saveOrganizationSettingContract = defineContract({
  method: 'POST',
  path: '/api/v1/organizations/settings',
  body: z.strictObject({
    key: ZOrganizationSettingKey,
    value: z.json().refine((v) => JSON.stringify(v).length <= MAX_SETTING_BYTES, {
      message: 'The setting is too large.',
    }),
  }),
  response: ZOrganizationSetting,
});

/**
 * Whether an organization with this VAT number already exists in Fluxo. Its id and name come only to
 * its own members and to an Admin (docs/security.md).
 */
export const organizationByVatNumberContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/byvatnumber',
  query: z.object({ country: ZCountryCode, vatNumber: z.string().trim().min(1).max(30) }),
  response: z.object({ exists: z.boolean(), id: z.string().optional(), name: z.string().optional() }),
});

export const leaveOrganizationContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/organizations/:id/leave',
  params: ZIdParams,
  response: z.object({ left: z.boolean() }),
});

/** A member's grants after they were set. */
export const ZMemberPermissions = z.object({
  organizationId: z.string(),
  userId: z.string(),
  email: z.string(),
  role: ZOrganizationRole,
  permissions: z.array(z.string()),
  /** True when the user was not a member before. */
  created: z.boolean(),
});
/** Adds or updates a member of the OrgId organization, by e-mail, with the given grants. */
export const setMemberPermissionsContract = defineContract({
  method: 'POST',
  path: '/api/v1/organizations/permissions',
  body: z.strictObject({ email: ZEmail, permissions: ZGrantList }),
  response: ZMemberPermissions,
});
/**
 * An accountant's firm (the OrgId organization) gives one of its members access to one of its
 * portfolio's client organizations.
 */
export const setPortfolioPermissionsContract = defineContract({
  method: 'POST',
  path: '/api/v1/portfolio/permissions',
  body: z.strictObject({ userId: z.uuid(), organizationId: z.uuid(), permissions: ZGrantList }),
  response: ZMemberPermissions,
});

export const ZEconomicSector = z.object({
  code: z.string(),
  divisions: z.object({ from: z.string(), to: z.string() }),
  names: z.object({ gb: z.string(), pt: z.string(), es: z.string(), fr: z.string() }),
});
/** Economic sectors (NACE Rev. 2 sections) matching a term in any language; all without a term. */
export const organizationSectorsContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/organizationsectors',
  query: z.object({ term: z.string().max(100).optional() }),
  response: z.array(ZEconomicSector),
});

export const ZOrganizationAccess = z.object({
  organizationId: z.string(),
  name: z.string(),
  country: z.string(),
  type: ZOrganizationType,
  role: ZOrganizationRole,
  locked: z.boolean(),
  permissions: z.array(z.string()),
});
/** The organizations a user can access; only an Admin may ask about another user. */
export const accessOrganizationsContract = defineContract({
  method: 'GET',
  path: '/api/v1/access/organizations',
  query: z.object({ userId: z.uuid().optional() }),
  response: z.object({ userId: z.string(), organizations: z.array(ZOrganizationAccess) }),
});
export const organizationCloudContract = defineContract({
  method: 'GET',
  path: '/api/v1/access/:id/cloud',
  params: ZIdParams,
  response: z.object({ organizationId: z.string(), cloudCredit: z.number().int() }),
});

/**
 * Whether a user's subscription has room for another organization. planName is null when the user
 * has no subscription yet: their first organization then starts an essential trial.
 */
export const planForAddingOrganizationContract = defineContract({
  method: 'GET',
  path: '/api/v1/credits/user/:id/plan-for-adding-organization',
  params: ZIdParams,
  response: z.object({
    planName: z.string().nullable(),
    organizationsUsed: z.number().int(),
    /** null: unlimited. */
    organizationsIncluded: z.number().int().nullable(),
    canAdd: z.boolean(),
  }),
});
