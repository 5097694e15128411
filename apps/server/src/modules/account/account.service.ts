import {
  type ContractResponse,
  type Customer,
  type ExternalOrganization,
  isValidTaxNumber,
  type Language,
  nationalTaxNumber,
  USER_SETTING_NAMES,
  USER_SETTING_SCHEMAS,
  type UserSettingName,
  type UserSettings,
  type UserSettingsPatch,
  type userSettingValueContract,
  type ZOnboardingRequest,
} from '@fluxo/domain';
import currencyCodes from 'currency-codes';
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/guard.ts';
import { RULES, tooManyAttempts } from '../../platform/throttle.ts';
import { type AuthDeps, issueToken, sendValidationCode, validateCode } from '../auth/auth.service.ts';
import * as repo from './account.repository.ts';

/** One resend per account per this many seconds. */
export const RESEND_INTERVAL_SECONDS = 60;

function invalid(path: string, messageKey: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path, messageKey, message }]);
}

/**
 * Confirms an account with its mailed code: the caller's account when signed in, else the account of
 * `email`. Signed out, an unknown or already-confirmed e-mail fails like a wrong code.
 */
export async function validateAccount(
  deps: AuthDeps,
  session: Session | null,
  code: string,
  email: string | undefined,
  client: string,
): Promise<{ validated: boolean }> {
  // Wrong codes count per client too (each code also dies after a few wrong tries, whoever tries).
  const byClient = deps.throttle.limiter(RULES.codeClient);
  await byClient.check(client);
  try {
    await confirm(deps, session, code, email);
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_VALIDATION_CODE') await byClient.fail(client);
    throw error;
  }
  return { validated: true };
}

async function confirm(deps: AuthDeps, session: Session | null, code: string, email: string | undefined) {
  if (session) {
    const user = await repo.findUser(deps.db, session.userId);
    if (user?.confirmed) throw new AppError('ALREADY_VALIDATED', 'The account is already validated.');
    await validateCode(deps, code, { userId: session.userId });
  } else {
    await validateCode(deps, code, { email });
  }
}

/**
 * Mails a new validation code, at most once per RESEND_INTERVAL_SECONDS per account. Signed out, the
 * answer is the same whether the e-mail is unknown, already confirmed or pending — the throttle is
 * keyed by the e-mail either way — so the call tells nothing about which accounts exist. Each mail
 * counts against the client too (RULES.resendClient).
 */
export async function resendValidationCode(
  deps: AuthDeps,
  session: Session | null,
  email: string | undefined,
  client: string,
): Promise<{ sent: boolean }> {
  // Per client too: one mail per address and minute still lets a client mail many addresses.
  const byClient = deps.throttle.limiter(RULES.resendClient);
  await byClient.check(client);
  const slot = async (address: string) => {
    await throttleResend(deps, address);
    await byClient.fail(client);
  };
  if (session) {
    const user = await repo.findUser(deps.db, session.userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists.');
    if (user.confirmed) throw new AppError('ALREADY_VALIDATED', 'The account is already validated.');
    await slot(user.email);
    await sendValidationCode(deps, user.id);
    return { sent: true };
  }
  if (!email) throw invalid('body.email', 'VALIDATION.REQUIRED', 'Give the e-mail of the account.');
  await slot(email);
  const user = await repo.findUserByEmail(deps.db, email);
  if (user && !user.confirmed && !user.disabled) await sendValidationCode(deps, user.id);
  return { sent: true };
}

async function throttleResend(deps: AuthDeps, email: string): Promise<void> {
  const allowed = await deps.throttle.once(`resend-code:${email}`, RESEND_INTERVAL_SECONDS);
  if (!allowed) throw tooManyAttempts(RESEND_INTERVAL_SECONDS);
}

export interface PhoneCheck {
  valid: boolean;
  e164: string | null;
  country: string | null;
}

/** Reads a phone number with Google's libphonenumber metadata; without a +, as a number of `country`. */
export function checkPhone(phone: string, country: string | undefined): PhoneCheck {
  const region = country?.toUpperCase();
  const defaultCountry = region && isSupportedCountry(region) ? (region as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(phone, defaultCountry);
  if (!parsed) return { valid: false, e164: null, country: null };
  return { valid: parsed.isValid(), e164: parsed.number, country: parsed.country ?? null };
}

/**
 * Finishes onboarding: checks and stores the phone (as E.164), the tax number (national form, checked
 * against the user's country) and the currency (ISO 4217), keeps the intro page, makes the account
 * active, and answers a fresh token for the caller's session.
 */
export async function completeOnboarding(
  deps: AuthDeps,
  session: Session,
  input: z.infer<typeof ZOnboardingRequest>,
) {
  const user = await repo.findUser(deps.db, session.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists.');
  const fields: { phone?: string; vatNumber?: string; currency?: string } = {};
  if (input.phone) {
    const phone = checkPhone(input.phone, user.country);
    if (!phone.valid || !phone.e164) {
      throw invalid('body.phone', 'VALIDATION.PHONE', 'The phone number is not valid.');
    }
    fields.phone = phone.e164;
  }
  if (input.vatNumber) {
    if (!isValidTaxNumber(user.country, input.vatNumber)) {
      throw invalid('body.vatNumber', 'VALIDATION.TAX_NUMBER', `Not a valid ${user.country} tax number.`);
    }
    fields.vatNumber = nationalTaxNumber(user.country, input.vatNumber);
  }
  if (input.currency) {
    if (!currencyCodes.code(input.currency)) {
      throw invalid('body.currency', 'VALIDATION.CURRENCY', 'Not an ISO 4217 currency.');
    }
    fields.currency = input.currency;
  }
  const settings = input.introPage ? { intro_page: input.introPage } : {};
  await repo.completeOnboarding(deps.db, user.id, fields, settings);
  return issueToken(deps, user.id, session.sessionId);
}

export async function changeLanguage(deps: AuthDeps, session: Session, language: Language) {
  await repo.updateLanguage(deps.db, session.userId, language);
  return { language };
}

/**
 * The known settings a user has set. A stored value that no longer fits its rule (written by an
 * older version) is left out, so the client falls back to the default.
 */
export async function getSettings(deps: AuthDeps, session: Session): Promise<UserSettings> {
  const stored = await repo.readSettings(deps.db, session.userId);
  const settings: Record<string, unknown> = {};
  for (const { name, value } of stored) {
    if (!isSettingName(name)) continue;
    const checked = USER_SETTING_SCHEMAS[name].safeParse(value);
    if (checked.success) settings[name] = checked.data;
  }
  return settings as UserSettings;
}

export async function updateSettings(deps: AuthDeps, session: Session, patch: UserSettingsPatch) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [name, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) remove.push(name);
    else set[name] = value;
  }
  await repo.writeSettings(deps.db, session.userId, set, remove);
  return getSettings(deps, session);
}

export async function getSettingValue(deps: AuthDeps, session: Session, name: UserSettingName) {
  const stored = await repo.readSetting(deps.db, session.userId, name);
  const checked = USER_SETTING_SCHEMAS[name].safeParse(stored);
  const value = stored !== undefined && checked.success ? checked.data : null;
  // The value was checked against the rule of `name` just above; TS cannot pair the two itself.
  return { name, value } as ContractResponse<typeof userSettingValueContract>;
}

function isSettingName(name: string): name is UserSettingName {
  return (USER_SETTING_NAMES as string[]).includes(name);
}

/** A user's customer record: the guard lets only the user themself or an Admin ask. */
export async function getCustomer(deps: AuthDeps, userId: string): Promise<Customer> {
  const row = await repo.findCustomer(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'Unknown customer.');
  return {
    id: row.id,
    userId: row.id,
    name: row.name,
    email: row.email,
    type: 'SAAS',
    subscriptionPlan: row.plan_name,
    isTrial: row.is_trial ?? false,
    subscriptionStatus: row.status,
    country: row.country,
    currency: row.currency,
  };
}

/** VIES writes Greek numbers with EL and Swiss UIDs carry CHE: spellings the register may hold. */
const REGISTER_PREFIXES: Record<string, string[]> = { GR: ['EL', 'GR'], CH: ['CHE'] };

/**
 * Looks a company up in the register by country and tax number. A malformed number is refused before
 * the lookup; the register is searched under the national form and the prefixed one.
 */
export async function findExternalOrganization(
  deps: AuthDeps,
  country: string,
  vatNumber: string,
): Promise<ExternalOrganization> {
  if (!isValidTaxNumber(country, vatNumber)) {
    throw invalid('querystring.vatNumber', 'VALIDATION.TAX_NUMBER', `Not a valid ${country} tax number.`);
  }
  const national = nationalTaxNumber(country, vatNumber);
  const spellings = [national, ...(REGISTER_PREFIXES[country] ?? [country]).map((p) => p + national)];
  const company = await repo.findCompany(deps.db, country, spellings);
  if (!company) throw new AppError('NOT_FOUND', 'No company with this tax number in the register.');
  return {
    name: company.name,
    vatNumber: company.vatNumber,
    country: company.country,
    address: company.address,
    postalCode: company.postalCode,
    city: company.city,
    sectorCode: company.sectorCode,
  };
}
