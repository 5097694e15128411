import { z } from 'zod';
import { ZCountryCode } from '../auth/contracts.ts';
import { defineContract } from '../contract.ts';

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

export const ZOrganizationsList = z.object({
  myOrgs: z.array(ZOrganization),
  memberOrgs: z.array(ZOrganization),
  particularOrgs: z.array(ZOrganization),
});
export type OrganizationsList = z.infer<typeof ZOrganizationsList>;

export const ZOrganizationInput = z.strictObject({
  name: z.string().trim().min(1).max(200),
  vatNumber: z.string().trim().min(5).max(20),
  country: ZCountryCode,
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  type: ZOrganizationType.default('company'),
  sectorCode: z.string().trim().max(10).optional(),
  email: z.email().max(254).optional(),
  phone: z.string().trim().max(30).optional(),
  address: z.string().trim().max(300).optional(),
  postalCode: z.string().trim().max(20).optional(),
  city: z.string().trim().max(100).optional(),
});
export type OrganizationInput = z.input<typeof ZOrganizationInput>;

export const ZOrganizationDetails = ZOrganization.extend({
  sectorCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
});

const ZIdParams = z.object({ id: z.uuid() });

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
  body: ZOrganizationInput.partial().omit({ country: true }),
  response: ZOrganizationDetails,
});
export const deleteOrganizationContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/organizations/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.boolean() }),
});
export const permissionCheckContract = defineContract({
  method: 'GET',
  path: '/api/v1/organizations/permissions/check',
  query: z.object({ organizationId: z.uuid(), permission: z.string().min(3).max(100) }),
  response: z.object({ allowed: z.boolean() }),
});
