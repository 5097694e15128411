import { z } from 'zod';
import { ZCountryCode, ZEmail, ZTokenResponse } from '../auth/contracts.ts';
import { defineContract } from '../contract.ts';
import { LANGUAGES } from '../languages.ts';

export const ZValidationCode = z.string().regex(/^\d{6}$/);

/**
 * Confirms the account with the mailed code. Signed in, the code is checked against the caller's
 * account; signed out, the `email` names the account.
 */
export const validateAccountContract = defineContract({
  method: 'GET',
  path: '/api/v1/account/validate',
  query: z.object({ code: ZValidationCode, email: ZEmail.optional() }),
  response: z.object({ validated: z.boolean() }),
});
/** Sends a new code: to the caller when signed in, else to `email` (answering the same either way). */
export const resendValidationCodeContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/validate/resend/code',
  body: z.strictObject({ email: ZEmail.optional() }).nullish(),
  response: z.object({ sent: z.boolean() }),
});
export const ZOnboardingRequest = z.strictObject({
  phone: z.string().trim().max(30).optional(),
  vatNumber: z.string().trim().max(20).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((v) => v.toUpperCase())
    .optional(),
  introPage: z.enum(['welcome', 'dashboards']).optional(),
  acceptTerms: z.literal(true),
});
/** Finishes onboarding: the account becomes active (`uacti`) and a fresh token is returned. */
export const onboardingContract = defineContract({
  method: 'POST',
  path: '/api/v1/account/onboarding',
  body: ZOnboardingRequest,
  response: ZTokenResponse,
});

/** Checks a phone number; without a leading +, it is read as a number of `country` (default: the caller's). */
export const validatePhoneContract = defineContract({
  method: 'GET',
  path: '/api/v1/account/validate/phone/:phone',
  params: z.object({ phone: z.string().trim().min(1).max(40) }),
  query: z.object({ country: ZCountryCode.optional() }),
  response: z.object({
    valid: z.boolean(),
    /** The number in E.164 (`+351912345678`) when it could be read, else null. */
    e164: z.string().nullable(),
    /** ISO 3166-1 alpha-2 of the number, when known. */
    country: z.string().nullable(),
  }),
});

export const changeLanguageContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/account/lang',
  query: z.object({ language: z.enum(LANGUAGES) }),
  response: z.object({ language: z.enum(LANGUAGES) }),
});

/** Date formats a user may choose, in dayjs tokens (Mantine dates). */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD.MM.YYYY', 'DD-MM-YYYY'] as const;
/**
 * Number formats, named by thousands separator then decimal mark:
 * space_comma 1 234,56 · dot_comma 1.234,56 · comma_dot 1,234.56 · apostrophe_dot 1'234.56.
 */
export const NUMBER_FORMATS = ['space_comma', 'dot_comma', 'comma_dot', 'apostrophe_dot'] as const;
export const THEMES = ['light', 'dark', 'auto'] as const;
export const INTRO_PAGES = ['welcome', 'dashboards'] as const;
export const ZTourId = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);
/** Completion per tour (spec §4 "Tour"); at most 200 tours. */
export const ZToursCompleted = z
  .record(ZTourId, z.boolean())
  .refine((tours) => Object.keys(tours).length <= 200, { message: 'Too many tours.' });

/**
 * The user settings the product knows, each with its own rule. Stored one row per setting in
 * user_settings; `intro_page` drives the post-login landing (spec §2).
 */
export const USER_SETTING_SCHEMAS = {
  intro_page: z.enum(INTRO_PAGES),
  theme: z.enum(THEMES),
  date_format: z.enum(DATE_FORMATS),
  number_format: z.enum(NUMBER_FORMATS),
  notifications_email: z.boolean(),
  notifications_push: z.boolean(),
  tours_completed: ZToursCompleted,
} as const;
export type UserSettingName = keyof typeof USER_SETTING_SCHEMAS;
export const USER_SETTING_NAMES = Object.keys(USER_SETTING_SCHEMAS) as UserSettingName[];

/** The settings a user has set (unset ones are absent). */
export const ZUserSettings = z.object(USER_SETTING_SCHEMAS).partial();
export type UserSettings = z.infer<typeof ZUserSettings>;

/**
 * A settings change: each named setting is replaced whole; `null` removes it (back to the default).
 * Unknown names are refused.
 */
export const ZUserSettingsPatch = z
  .strictObject({
    intro_page: USER_SETTING_SCHEMAS.intro_page.nullable(),
    theme: USER_SETTING_SCHEMAS.theme.nullable(),
    date_format: USER_SETTING_SCHEMAS.date_format.nullable(),
    number_format: USER_SETTING_SCHEMAS.number_format.nullable(),
    notifications_email: USER_SETTING_SCHEMAS.notifications_email.nullable(),
    notifications_push: USER_SETTING_SCHEMAS.notifications_push.nullable(),
    tours_completed: USER_SETTING_SCHEMAS.tours_completed.nullable(),
  })
  .partial();
export type UserSettingsPatch = z.input<typeof ZUserSettingsPatch>;

export const userSettingsContract = defineContract({
  method: 'GET',
  path: '/api/v1/account/settings',
  response: ZUserSettings,
});
export const updateUserSettingsContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/account/settings',
  body: ZUserSettingsPatch,
  response: ZUserSettings,
});

const settingValue = <N extends UserSettingName>(name: N) =>
  z.object({ name: z.literal(name), value: USER_SETTING_SCHEMAS[name].nullable() });
/** One setting's value; null when the user has not set it. */
export const ZUserSettingValue = z.discriminatedUnion('name', [
  settingValue('intro_page'),
  settingValue('theme'),
  settingValue('date_format'),
  settingValue('number_format'),
  settingValue('notifications_email'),
  settingValue('notifications_push'),
  settingValue('tours_completed'),
]);
export const userSettingValueContract = defineContract({
  method: 'GET',
  path: '/api/v1/account/settings/value',
  query: z.object({ s: z.enum(USER_SETTING_NAMES as [UserSettingName, ...UserSettingName[]]) }),
  response: ZUserSettingValue,
});

/**
 * The billing customer behind a user (spec §3 "Customer"). Every Fluxo customer is a SaaS
 * customer, identified by the user's id; the plan and status are those of the subscription the
 * user owns (none yet: null).
 */
export const ZCustomer = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  type: z.literal('SAAS'),
  subscriptionPlan: z.string().nullable(),
  isTrial: z.boolean(),
  /** SubscriptionStatus code (0 created … 5 locked). */
  subscriptionStatus: z.number().int().nullable(),
  country: z.string(),
  currency: z.string(),
});
export type Customer = z.infer<typeof ZCustomer>;

const ZUserIdParams = z.object({ id: z.uuid() });
/** The signed-in user's customer record (`:id` is the user's id); the user or an Admin only. */
export const customerContract = defineContract({
  method: 'GET',
  path: '/api/v1/customers/:id',
  params: ZUserIdParams,
  response: ZCustomer,
});
export const customerByUserIdContract = defineContract({
  method: 'GET',
  path: '/api/v1/customers/byUserId/:id',
  params: ZUserIdParams,
  response: ZCustomer,
});

/** A company found in the company register by country and tax number. */
export const ZExternalOrganization = z.object({
  name: z.string(),
  /** National form: compact, without the country prefix. */
  vatNumber: z.string(),
  country: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  sectorCode: z.string().nullable(),
});
export type ExternalOrganization = z.infer<typeof ZExternalOrganization>;
export const externalOrganizationContract = defineContract({
  method: 'GET',
  path: '/api/v1/external/organizations',
  query: z.object({ country: ZCountryCode, vatNumber: z.string().trim().min(1).max(30) }),
  response: ZExternalOrganization,
});
