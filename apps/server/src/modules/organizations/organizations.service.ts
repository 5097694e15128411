import {
  allGrants,
  buildMenus,
  can,
  type EconomicSector,
  type Grants,
  grantsToStrings,
  hasFlag,
  isPortfolioProfile,
  isResource,
  isSimplePlan,
  isValidVatNumber,
  type Menu,
  normalizeVatNumber,
  type Organization,
  type OrganizationDetails,
  type OrganizationsList,
  organizationsIncluded,
  Profile,
  parsePermission,
  planIncludes,
  SubscriptionStatus,
  searchSectors,
  type ZOrganizationAccess,
  type ZOrganizationInput,
  type ZOrganizationSetting,
  type ZOrganizationUpdate,
} from '@fluxo/domain';
import currencyCodes from 'currency-codes';
import countries from 'i18n-iso-countries';
import type { z } from 'zod';
import { type Db, isUniqueViolation } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { loadOrgContext, type OrgContext, type Session } from '../../platform/guard.ts';
import { notifyOrganization, notifyUser } from '../../realtime/notify.ts';
import * as repo from './organizations.repository.ts';

type Json = z.infer<typeof ZOrganizationSetting>['value'];

const TRIAL_DAYS = 14;
const TRIAL_PLAN = 'essential';

// ---------------------------------------------------------------------------------------------
// Shaping rows

interface MemberView {
  permissions: string[];
  menus: Menu[];
}

/** Distinct views kept; owners share one per plan and country, members few more. */
const MEMBER_VIEW_CACHE_SIZE = 2_000;
const memberViews = new Map<string, MemberView>();

/**
 * Permission strings and menus depend only on the grants, the plan, the country and whether the
 * member is a portfolio user; most memberships share a few combinations, so each is built once
 * and reused (the organizations list is a hot path). The oldest entry goes when the cache is full.
 */
function memberView(
  grantsJson: string,
  planName: string | null,
  country: string,
  isPortfolioUser: boolean,
): MemberView {
  const key = `${planName ?? ''}|${country}|${isPortfolioUser ? 1 : 0}|${grantsJson}`;
  const cached = memberViews.get(key);
  if (cached) return cached;
  const grants = JSON.parse(grantsJson) as Grants;
  const view: MemberView = {
    permissions: grantsToStrings(grants),
    menus: buildMenus({ grants, planName, country, isPortfolioUser }),
  };
  deepFreeze(view);
  if (memberViews.size >= MEMBER_VIEW_CACHE_SIZE) {
    memberViews.delete(memberViews.keys().next().value as string);
  }
  memberViews.set(key, view);
  return view;
}

function deepFreeze(value: unknown): void {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
}

/** An organization row as its member sees it: with menus, lock, plan and permission strings. */
export function toOrganization(row: repo.MembershipRow): Organization {
  const view = memberView(row.permissions, row.plan_name, row.country, isPortfolioProfile(row.profile));
  return {
    id: row.id,
    name: row.name,
    vatNumber: row.vat_number,
    country: row.country,
    currency: row.currency,
    type: row.type,
    role: row.role,
    locked: row.locked,
    planName: row.plan_name,
    cloudCredit: row.cloud_credit,
    ownerIsSimple: isSimplePlan(row.plan_name),
    permissions: view.permissions,
    menus: view.menus,
  };
}

function toDetails(row: repo.OrganizationRow): OrganizationDetails {
  return {
    ...toOrganization(row),
    sectorCode: row.sector_code,
    email: row.email,
    phone: row.phone,
    address: row.address,
    postalCode: row.postal_code,
    city: row.city,
    brandColor: row.brand_color,
    logoUrl: row.logo_url,
    vatRegime: row.vat_regime,
    accountingRegime: row.accounting_regime,
    fiscalYearStartMonth: row.fiscal_year_start_month,
  };
}

/** Companies the user owns, companies they are a member of, and particular organizations. */
export async function listOrganizations(db: Db, userId: string): Promise<OrganizationsList> {
  const list: OrganizationsList = { myOrgs: [], memberOrgs: [], particularOrgs: [] };
  for (const row of await repo.listMemberships(db, userId)) {
    const organization = toOrganization(row);
    if (row.type === 'particular') list.particularOrgs.push(organization);
    else if (row.role === 'owner') list.myOrgs.push(organization);
    else list.memberOrgs.push(organization);
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Access helpers

const NO_ACCESS = 'You have no access to this organization.';

/** Spec §5: the permission string names a resource and the bits asked for; non-members get false. */
export async function checkPermission(
  db: Db,
  userId: string,
  organizationId: string,
  permission: string,
): Promise<boolean> {
  const parsed = parsePermission(permission);
  if (!parsed || !isResource(parsed.resource)) return false;
  const org = await loadOrgContext(db, userId, organizationId);
  if (!org) return false;
  return can(org.grants, parsed.resource, parsed.flag);
}

// ---------------------------------------------------------------------------------------------
// Validation of organization fields

function vatError(): AppError {
  return new AppError('VALIDATION_FAILED', 'The VAT number is not valid for this country.', [
    {
      path: 'body.vatNumber',
      messageKey: 'VALIDATION.VAT_NUMBER',
      message: 'The VAT number is not valid for this country.',
    },
  ]);
}

function checkedVatNumber(country: string, value: string): string {
  if (!isValidVatNumber(country, value)) throw vatError();
  return normalizeVatNumber(country, value);
}

function checkedCountry(country: string): string {
  if (!countries.isValid(country)) {
    throw new AppError('VALIDATION_FAILED', 'Unknown country.', [
      { path: 'body.country', messageKey: 'VALIDATION.COUNTRY', message: 'Unknown country.' },
    ]);
  }
  return country;
}

function checkedCurrency(currency: string): string {
  if (!currencyCodes.code(currency)) {
    throw new AppError('VALIDATION_FAILED', 'Unknown currency.', [
      { path: 'body.currency', messageKey: 'VALIDATION.CURRENCY', message: 'Unknown currency.' },
    ]);
  }
  return currency;
}

function defaultCurrency(country: string, userCurrency: string): string {
  if (country === 'PT') return 'EUR';
  if (country === 'AO') return 'AOA';
  return userCurrency;
}

function vatTaken(): AppError {
  return new AppError('VAT_NUMBER_TAKEN', 'An organization with this VAT number already exists.');
}

// ---------------------------------------------------------------------------------------------
// Plan room

export interface PlanRoom {
  planName: string | null;
  organizationsUsed: number;
  organizationsIncluded: number | null;
  canAdd: boolean;
}

function planRoom(subscription: repo.CurrentSubscription | null): PlanRoom {
  if (!subscription) {
    // The first organization starts a trial of TRIAL_PLAN.
    return {
      planName: null,
      organizationsUsed: 0,
      organizationsIncluded: organizationsIncluded(TRIAL_PLAN),
      canAdd: true,
    };
  }
  const included = organizationsIncluded(subscription.plan_name);
  return {
    planName: subscription.plan_name,
    organizationsUsed: subscription.used,
    organizationsIncluded: included,
    canAdd:
      subscription.status !== SubscriptionStatus.LOCKED &&
      (included === null || subscription.used < included),
  };
}

/** The user themself, or an Admin asking about anyone (the guard's `self` rule). */
export async function planForAddingOrganization(db: Db, session: Session, userId: string): Promise<PlanRoom> {
  if (userId !== session.userId && !(await repo.findUserById(db, userId))) {
    throw new AppError('NOT_FOUND', 'Unknown user.');
  }
  return planRoom(await repo.findCurrentSubscription(db, userId));
}

// ---------------------------------------------------------------------------------------------
// Create, read, update, delete

/**
 * Creates an organization owned by the caller with every grant, attached to the caller's own
 * subscription (an essential trial is started when they have none), within the plan's limit, and
 * records it in the company register.
 */
export async function createOrganization(
  db: Db,
  userId: string,
  input: z.output<typeof ZOrganizationInput>,
): Promise<Organization> {
  const country = checkedCountry(input.country);
  const vatNumber = checkedVatNumber(country, input.vatNumber);
  if (input.currency) checkedCurrency(input.currency);

  const organizationId = await db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists.');
    if (await repo.organizationWithVatExists(tx, country, vatNumber)) throw vatTaken();

    let subscription = await repo.findCurrentSubscription(tx, userId);
    const room = planRoom(subscription);
    if (subscription?.status === SubscriptionStatus.LOCKED) {
      throw new AppError('ORGANIZATION_LOCKED', 'The subscription is locked until it is paid.');
    }
    if (!room.canAdd) {
      throw new AppError(
        'ORGANIZATION_LIMIT_REACHED',
        `The ${room.planName} plan includes ${room.organizationsIncluded} organization(s).`,
      );
    }
    if (!subscription) {
      const start = new Date();
      const created = await repo.insertSubscription(tx, {
        ownerId: userId,
        planName: TRIAL_PLAN,
        status: SubscriptionStatus.ACTIVE,
        isTrial: true,
        startDate: start,
        endDate: new Date(start.getTime() + TRIAL_DAYS * 86_400_000),
        billingInterval: 1,
      });
      subscription = { id: created.id, plan_name: created.planName, status: created.status, used: 0 };
    }

    const id = await repo.insertOrganization(tx, {
      name: input.name,
      vatNumber,
      country,
      currency: input.currency ?? defaultCurrency(country, user.currency),
      type: input.type,
      sectorCode: input.sectorCode ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
      address: input.address ?? null,
      postalCode: input.postalCode ?? null,
      city: input.city ?? null,
      subscriptionId: subscription.id,
    });
    if (!id) throw vatTaken();
    await repo.insertMember(tx, id, userId, 'owner', allGrants());
    // The register lists companies; an individual's particular organization stays out of it.
    if (input.type === 'company') {
      await repo.upsertCompany(tx, {
        country,
        vatNumber,
        name: input.name,
        address: input.address ?? null,
        postalCode: input.postalCode ?? null,
        city: input.city ?? null,
        sectorCode: input.sectorCode ?? null,
      });
    }
    await repo.setDefaultOrganizationIfNone(tx, userId, id);
    // The user's other tabs and devices refresh their organizations list and token.
    await notifyUser(tx, userId, 'REFRESH_ORGANIZATIONS', { OrganizationId: id });
    await notifyUser(tx, userId, 'REFRESH_TOKEN', { OrganizationId: id });
    return id;
  });

  const row = await repo.findMemberOrganization(db, userId, organizationId);
  return toOrganization(row!);
}

export async function getOrganization(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<OrganizationDetails> {
  const row = await repo.findMemberOrganization(db, userId, organizationId);
  if (!row) throw new AppError('FORBIDDEN', NO_ACCESS);
  return toDetails(row);
}

export async function updateOrganization(
  db: Db,
  userId: string,
  organizationId: string,
  input: z.output<typeof ZOrganizationUpdate>,
): Promise<OrganizationDetails> {
  const current = await repo.findOrganization(db, organizationId);
  if (!current) throw new AppError('FORBIDDEN', NO_ACCESS);
  const country =
    input.country === undefined || input.country === current.country
      ? undefined
      : checkedCountry(input.country);
  const vatCountry = country ?? current.country;
  // A new country checks the VAT number again, the one sent or the one kept.
  const vatNumber =
    input.vatNumber !== undefined
      ? checkedVatNumber(vatCountry, input.vatNumber)
      : country
        ? checkedVatNumber(vatCountry, current.vatNumber)
        : undefined;
  if (input.currency) checkedCurrency(input.currency);
  const fiscalYearStartMonth =
    input.fiscalYearStartMonth === current.fiscalYearStartMonth ? undefined : input.fiscalYearStartMonth;

  const changes = Object.fromEntries(
    Object.entries({
      name: input.name,
      vatNumber,
      currency: input.currency,
      type: input.type,
      sectorCode: input.sectorCode,
      email: input.email,
      phone: input.phone,
      address: input.address,
      postalCode: input.postalCode,
      city: input.city,
      brandColor: input.brandColor,
      country,
      vatRegime: input.vatRegime,
      accountingRegime: input.accountingRegime,
      fiscalYearStartMonth,
    }).filter(([, value]) => value !== undefined),
  );
  try {
    await db.transaction(async (tx) => {
      if (country || fiscalYearStartMonth !== undefined) {
        const started = await repo.accountingStarted(tx, organizationId);
        if ((country && started.ledger) || (fiscalYearStartMonth !== undefined && started.fiscalYears)) {
          throw new AppError(
            'FISCAL_SETTINGS_LOCKED',
            'The accounting has started: the country and the start of the fiscal year can no longer change.',
          );
        }
        if (fiscalYearStartMonth !== undefined) {
          await repo.syncLedgerFiscalYearStart(tx, organizationId, fiscalYearStartMonth);
        }
      }
      if (vatNumber && (await repo.organizationWithVatExists(tx, vatCountry, vatNumber, organizationId))) {
        throw vatTaken();
      }
      await repo.updateOrganization(tx, organizationId, changes);
      // The organization's other users see the new name, country or currency at once.
      if (Object.keys(changes).length > 0) {
        await notifyOrganization(tx, organizationId, 'REFRESH_ORGANIZATIONS', {
          OrganizationId: organizationId,
        });
      }
      const updated = await repo.findOrganization(tx, organizationId);
      if (updated && updated.type === 'company') {
        await repo.upsertCompany(tx, {
          country: updated.country,
          vatNumber: updated.vatNumber,
          name: updated.name,
          address: updated.address,
          postalCode: updated.postalCode,
          city: updated.city,
          sectorCode: updated.sectorCode,
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw vatTaken();
    throw error;
  }
  return getOrganization(db, userId, organizationId);
}

const normalizedVat = (value: string) => value.replace(/\s+/g, '').toUpperCase();

/**
 * Spec §2/§5: a removal is confirmed with the organization's VAT number or, for one without, the
 * owner's e-mail — the same comparison as the browser's dialog, made again here.
 */
async function checkRemovalConfirmation(db: Db, organizationId: string, confirmation: string): Promise<void> {
  const organization = (await repo.findOrganization(db, organizationId))!;
  const typed = confirmation.trim();
  const confirmed = organization.vatNumber.trim()
    ? normalizedVat(typed) === normalizedVat(organization.vatNumber) ||
      normalizedVat(typed) === normalizedVat(`${organization.country}${organization.vatNumber}`)
    : typed.toLowerCase() === ((await repo.findOwner(db, organizationId))?.email ?? '').toLowerCase();
  if (!confirmed) {
    throw new AppError(
      'REMOVAL_NOT_CONFIRMED',
      organization.vatNumber.trim()
        ? "This is not the organization's VAT number."
        : "This is not the e-mail of the organization's owner.",
    );
  }
}

/**
 * Deletes an organization; its owner alone may (the guard's `owner` rule), after typing its VAT
 * number (or their e-mail). Everything it holds goes with it (foreign keys cascade).
 */
export async function deleteOrganization(db: Db, org: OrgContext, confirmation: string): Promise<boolean> {
  await checkRemovalConfirmation(db, org.id, confirmation);
  return db.transaction(async (tx) => {
    // Enqueued before the delete, while the members are still known.
    await notifyOrganization(tx, org.id, 'REFRESH_ORGANIZATIONS', { OrganizationId: org.id });
    return repo.deleteOrganization(tx, org.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Brand, type, owner, settings, lookups

// The guard has checked membership (brand, type, cloud) or organization.settings VIEW (owner).

export async function getBrand(db: Db, organizationId: string) {
  const org = (await repo.findOrganization(db, organizationId))!;
  return { organizationId, name: org.name, brandColor: org.brandColor, logoUrl: org.logoUrl };
}

export async function getType(db: Db, organizationId: string) {
  const org = (await repo.findOrganization(db, organizationId))!;
  return { organizationId, type: org.type as 'company' | 'particular' };
}

export async function getOwner(db: Db, organizationId: string) {
  const owner = await repo.findOwner(db, organizationId);
  if (!owner) throw new AppError('NOT_FOUND', 'The organization has no owner.');
  return { organizationId, userId: owner.user_id, name: owner.name, email: owner.email };
}

export async function getSetting(db: Db, organizationId: string, key: string) {
  return { key, value: ((await repo.findSetting(db, organizationId, key)) ?? null) as Json };
}

/** Saves a setting; saving null removes it, so that it reads as never set. */
export async function saveSetting(db: Db, organizationId: string, key: string, value: Json) {
  if (value === null) await repo.deleteSetting(db, organizationId, key);
  else await repo.saveSetting(db, organizationId, key, value);
  return { key, value };
}

/**
 * Whether an organization with this VAT number exists — all a stranger needs (e.g. to know that a
 * NIF is taken before creating one). Its id and name only go to its own members, who already see it
 * in their list, and to an Admin: nobody can map NIFs to other organizations' ids.
 */
export async function findByVatNumber(db: Db, session: Session, country: string, vatNumber: string) {
  if (!isValidVatNumber(country, vatNumber)) {
    throw new AppError('VALIDATION_FAILED', 'The VAT number is not valid for this country.', [
      {
        path: 'querystring.vatNumber',
        messageKey: 'VALIDATION.VAT_NUMBER',
        message: 'The VAT number is not valid for this country.',
      },
    ]);
  }
  const found = await repo.organizationWithVatExists(db, country, normalizeVatNumber(country, vatNumber));
  if (!found) return { exists: false };
  const visible =
    session.claims.pid === Profile.ADMIN || (await loadOrgContext(db, session.userId, found.id)) !== null;
  return visible ? { exists: true, id: found.id, name: found.name } : { exists: true };
}

export function listSectors(term: string | undefined): EconomicSector[] {
  return searchSectors(term);
}

export async function getCloud(db: Db, organizationId: string) {
  const org = (await repo.findOrganization(db, organizationId))!;
  return { organizationId, cloudCredit: org.cloudCredit };
}

/** Kinds of logo kept, recognised by their bytes (the declared type must agree). */
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
type LogoType = (typeof LOGO_TYPES)[number];

function sniffLogo(bytes: Buffer): LogoType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const text = bytes
    .toString('utf8')
    .trimStart()
    .replace(/^\uFEFF/, '');
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) {
    return 'image/svg+xml';
  }
  return null;
}

/** An SVG may carry scripts, event handlers and references to other files: none is kept. */
function unsafeSvg(text: string): boolean {
  return /<script|<foreignObject|\son[a-z]+\s*=|javascript:|<!ENTITY|(?:xlink:)?href\s*=\s*["'](?!#)/i.test(
    text,
  );
}

/** Keeps a PNG, JPEG or SVG logo (checked by its bytes) as a data: URL in logo_url. */
export async function setLogo(
  db: Db,
  organizationId: string,
  contentType: string | undefined,
  bytes: Buffer,
) {
  const declared = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const kind = sniffLogo(bytes);
  if (!kind || declared !== kind || (kind === 'image/svg+xml' && unsafeSvg(bytes.toString('utf8')))) {
    throw new AppError(
      'FILE_TYPE_NOT_ALLOWED',
      'The logo must be a PNG, JPEG or SVG image (without scripts).',
    );
  }
  const logoUrl = `data:${kind};base64,${bytes.toString('base64')}`;
  await db.transaction(async (tx) => {
    await repo.updateOrganization(tx, organizationId, { logoUrl });
    await notifyOrganization(tx, organizationId, 'REFRESH_ORGANIZATIONS', { OrganizationId: organizationId });
  });
  return getBrand(db, organizationId);
}

export async function removeLogo(db: Db, organizationId: string) {
  await db.transaction(async (tx) => {
    await repo.updateOrganization(tx, organizationId, { logoUrl: null });
    await notifyOrganization(tx, organizationId, 'REFRESH_ORGANIZATIONS', { OrganizationId: organizationId });
  });
  return getBrand(db, organizationId);
}

// ---------------------------------------------------------------------------------------------
// Membership

/** Makes one of the caller's organizations their default; the new token carries it (defaultOrg). */
export async function setDefaultOrganization(db: Db, userId: string, organizationId: string) {
  await db.transaction(async (tx) => {
    if (!(await repo.setDefaultOrganization(tx, userId, organizationId))) {
      throw new AppError('FORBIDDEN', NO_ACCESS);
    }
    await notifyUser(tx, userId, 'REFRESH_TOKEN', { OrganizationId: organizationId });
  });
  return { defaultOrganizationId: organizationId };
}

/** The caller leaves an organization they are a member of (the guard's `member` rule); not its owner. */
export async function leaveOrganization(db: Db, userId: string, org: OrgContext) {
  const organizationId = org.id;
  if (org.role === 'owner') {
    throw new AppError('OWNER_CANNOT_LEAVE', 'The owner cannot leave; delete the organization instead.');
  }
  const left = await db.transaction(async (tx) => {
    const removed = await repo.deleteMember(tx, organizationId, userId);
    await notifyUser(tx, userId, 'REFRESH_ORGANIZATIONS', { OrganizationId: organizationId });
    return removed;
  });
  return { left };
}

function toGrants(permissions: readonly string[]): Grants {
  const grants: Grants = {};
  for (const value of permissions) {
    const parsed = parsePermission(value);
    if (parsed && isResource(parsed.resource)) grants[parsed.resource] = parsed.flag;
  }
  return grants;
}

async function writeMemberGrants(
  db: Db,
  organizationId: string,
  user: { id: string; email: string },
  grants: Grants,
) {
  const { written, created } = await db.transaction(async (tx) => {
    const result = await repo.upsertMemberGrants(tx, organizationId, user.id, grants);
    if (!result.written) return result;
    // The member's token and menu follow the new grants at once.
    await notifyUser(tx, user.id, 'REFRESH_TOKEN', { OrganizationId: organizationId });
    await notifyUser(tx, user.id, 'REFRESH_MENU', { OrganizationId: organizationId });
    if (result.created) {
      await notifyOrganization(tx, organizationId, 'ORGANIZATION_USER_ADDED', {
        OrganizationId: organizationId,
        UserId: user.id,
      });
    }
    return result;
  });
  if (!written) throw new AppError('FORBIDDEN', "The owner's permissions cannot be changed.");
  return {
    organizationId,
    userId: user.id,
    email: user.email,
    role: 'member' as const,
    permissions: grantsToStrings(grants),
    created,
  };
}

/**
 * Adds a user (by e-mail) to the caller's organization or replaces a member's grants. The owner's
 * grants never change, nobody changes their own, and a member who is not the owner cannot hand out
 * more than they hold.
 */
export async function setMemberPermissions(
  db: Db,
  session: Session,
  org: OrgContext,
  email: string,
  permissions: readonly string[],
) {
  const target = await repo.findUserByEmail(db, email);
  if (!target) throw new AppError('NOT_FOUND', 'No account has this e-mail.');
  if (target.id === session.userId) {
    throw new AppError('FORBIDDEN', 'You cannot change your own permissions.');
  }
  const grants = toGrants(permissions);
  if (org.role !== 'owner') {
    for (const [resource, flag] of Object.entries(grants)) {
      const held = org.grants[resource as keyof Grants];
      if (held === undefined || !hasFlag(held, flag)) {
        throw new AppError('FORBIDDEN', `You cannot grant ${resource}.${flag}, which you do not hold.`);
      }
    }
  }
  return writeMemberGrants(db, org.id, target, grants);
}

/**
 * A portfolio firm (the caller's OrgId organization) gives one of its members grants in one of its
 * client organizations.
 */
export async function setPortfolioPermissions(
  db: Db,
  session: Session,
  firm: OrgContext,
  input: { userId: string; organizationId: string; permissions: readonly string[] },
) {
  if (!isPortfolioProfile(session.claims.pid) || !planIncludes(firm.planName, 'portfolio')) {
    throw new AppError('FORBIDDEN', 'Only a portfolio firm may configure client access.');
  }
  if (!(await repo.isPortfolioClient(db, firm.id, input.organizationId))) {
    throw new AppError('FORBIDDEN', 'The organization is not a client of this portfolio.');
  }
  if (!(await repo.findMembership(db, firm.id, input.userId))) {
    throw new AppError('NOT_FOUND', 'The user is not a member of this firm.');
  }
  const user = (await repo.findUserById(db, input.userId))!;
  return writeMemberGrants(db, input.organizationId, user, toGrants(input.permissions));
}

/** The organizations a user can access with role and grants; only an Admin may ask about others (guard). */
export async function accessOrganizations(
  db: Db,
  session: Session,
  userId: string | undefined,
): Promise<{ userId: string; organizations: z.infer<typeof ZOrganizationAccess>[] }> {
  // The guard lets only the user themself or an Admin name a userId.
  const who = userId ?? session.userId;
  if (who !== session.userId && !(await repo.findUserById(db, who))) {
    throw new AppError('NOT_FOUND', 'Unknown user.');
  }
  const memberships = await repo.listMemberships(db, who);
  return {
    userId: who,
    organizations: memberships.map((row) => ({
      organizationId: row.id,
      name: row.name,
      country: row.country,
      type: row.type,
      role: row.role,
      locked: row.locked,
      permissions: memberView(row.permissions, row.plan_name, row.country, isPortfolioProfile(row.profile))
        .permissions,
    })),
  };
}
