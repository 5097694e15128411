import type { Grants } from '@fluxo/domain';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, preparedRows, rows } from '../../db/client.ts';
import {
  companies,
  organizationMembers,
  organizationSettings,
  organizations,
  subscriptions,
  users,
} from '../../db/schema.ts';

/** Subscription states an organization can still be attached to (not canceled, not completed). */
const CURRENT_SUBSCRIPTION_STATUSES = sql`(0, 1, 4, 5)`;

/** One membership with everything the organizations list shows about it. */
export interface MembershipRow {
  id: string;
  name: string;
  vat_number: string;
  country: string;
  currency: string;
  type: 'company' | 'particular';
  cloud_credit: number;
  role: 'owner' | 'member';
  /** The member's grants as JSON text: shaping is cached per distinct text (see the service). */
  permissions: string;
  plan_name: string | null;
  locked: boolean;
  /** The member's profile code: Experts see the portfolio menu. */
  profile: number;
}

export interface OrganizationRow extends MembershipRow {
  sector_code: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  brand_color: string | null;
  logo_url: string | null;
  vat_regime: 'monthly' | 'quarterly';
  accounting_regime: 'organized' | 'simplified';
  fiscal_year_start_month: number;
}

/**
 * Every organization of a user in one query: memberships, organizations, the user's profile and
 * each organization's subscription, joined once — never a query per organization.
 */
export function listMemberships(db: Db, userId: string): Promise<MembershipRow[]> {
  return preparedRows<MembershipRow>(
    db,
    'organizations_memberships',
    sql`SELECT o.id, o.name, o.vat_number, o.country, o.currency, o.type, o.cloud_credit,
               m.role, m.permissions::text AS permissions, s.plan_name,
               coalesce(s.status = 5, false) AS locked, u.profile
        FROM organization_members m
        JOIN organizations o ON o.id = m.organization_id
        JOIN users u ON u.id = m.user_id
        LEFT JOIN subscriptions s ON s.id = o.subscription_id
        WHERE m.user_id = ${userId}
        ORDER BY m.created_at, o.name, o.id`,
  );
}

/** One organization as its member sees it, or null when the user is not a member. */
export async function findMemberOrganization(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<OrganizationRow | null> {
  const [row] = await rows<OrganizationRow>(
    db,
    sql`SELECT o.id, o.name, o.vat_number, o.country, o.currency, o.type, o.cloud_credit,
               o.sector_code, o.email, o.phone, o.address, o.postal_code, o.city, o.brand_color, o.logo_url,
               o.vat_regime, o.accounting_regime, o.fiscal_year_start_month,
               m.role, m.permissions::text AS permissions, s.plan_name,
               coalesce(s.status = 5, false) AS locked, u.profile
        FROM organization_members m
        JOIN organizations o ON o.id = m.organization_id
        JOIN users u ON u.id = m.user_id
        LEFT JOIN subscriptions s ON s.id = o.subscription_id
        WHERE m.user_id = ${userId} AND m.organization_id = ${organizationId}`,
  );
  return row ?? null;
}

export interface CurrentSubscription {
  id: string;
  plan_name: string;
  status: number;
  /** Organizations attached to the subscription. */
  used: number;
}

/** The user's latest subscription that is not canceled or completed, with its organization count. */
export async function findCurrentSubscription(db: Db, userId: string): Promise<CurrentSubscription | null> {
  const [row] = await rows<CurrentSubscription>(
    db,
    sql`SELECT s.id, s.plan_name, s.status,
               (SELECT count(*) FROM organizations o WHERE o.subscription_id = s.id)::int AS used
        FROM subscriptions s
        WHERE s.owner_id = ${userId} AND s.status IN ${CURRENT_SUBSCRIPTION_STATUSES}
        ORDER BY s.created_at DESC, s.id
        LIMIT 1`,
  );
  return row ?? null;
}

/** Locks the user's row so that concurrent organization creations for one user run one at a time. */
export async function lockUser(db: Db, userId: string): Promise<{ currency: string } | null> {
  const [row] = await rows<{ currency: string }>(
    db,
    sql`SELECT currency FROM users WHERE id = ${userId} FOR UPDATE`,
  );
  return row ?? null;
}

export async function insertSubscription(
  db: Db,
  values: typeof subscriptions.$inferInsert,
): Promise<{ id: string; planName: string; status: number }> {
  const [row] = await db
    .insert(subscriptions)
    .values(values)
    .returning({ id: subscriptions.id, planName: subscriptions.planName, status: subscriptions.status });
  return row!;
}

/** Inserts an organization; null when one with the same country and VAT number exists. */
export async function insertOrganization(
  db: Db,
  values: typeof organizations.$inferInsert,
): Promise<string | null> {
  const [row] = await db
    .insert(organizations)
    .values(values)
    .onConflictDoNothing({ target: [organizations.country, organizations.vatNumber] })
    .returning({ id: organizations.id });
  return row?.id ?? null;
}

export async function organizationWithVatExists(
  db: Db,
  country: string,
  vatNumber: string,
  exceptId?: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await rows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM organizations
        WHERE country = ${country} AND vat_number = ${vatNumber}
          ${exceptId ? sql`AND id <> ${exceptId}` : sql``}
        LIMIT 1`,
  );
  return row ?? null;
}

export async function updateOrganization(
  db: Db,
  id: string,
  values: Partial<typeof organizations.$inferInsert>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.update(organizations).set(values).where(eq(organizations.id, id));
}

/** Deletes an organization; members, settings and portfolio links go with it (foreign keys cascade). */
export async function deleteOrganization(db: Db, id: string): Promise<boolean> {
  await db.execute(
    sql`UPDATE users SET default_organization_id = NULL WHERE default_organization_id = ${id}`,
  );
  const deleted = await db
    .delete(organizations)
    .where(eq(organizations.id, id))
    .returning({ id: organizations.id });
  return deleted.length > 0;
}

export async function findOrganization(db: Db, id: string) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

export async function findOwner(
  db: Db,
  organizationId: string,
): Promise<{ user_id: string; name: string; email: string } | null> {
  const [row] = await rows<{ user_id: string; name: string; email: string }>(
    db,
    sql`SELECT u.id AS user_id, u.name, u.email
        FROM organization_members m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${organizationId} AND m.role = 'owner'
        ORDER BY m.created_at
        LIMIT 1`,
  );
  return row ?? null;
}

/** Adds to (or refreshes in) the company register used by the external company lookup. */
export async function upsertCompany(db: Db, values: typeof companies.$inferInsert): Promise<void> {
  await db
    .insert(companies)
    .values({ ...values, source: 'fluxo', updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [companies.country, companies.vatNumber],
      set: {
        name: values.name,
        address: values.address ?? null,
        postalCode: values.postalCode ?? null,
        city: values.city ?? null,
        sectorCode: values.sectorCode ?? null,
        updatedAt: new Date(),
      },
    });
}

export async function insertMember(
  db: Db,
  organizationId: string,
  userId: string,
  role: 'owner' | 'member',
  permissions: Grants,
): Promise<void> {
  await db.insert(organizationMembers).values({ organizationId, userId, role, permissions });
}

/**
 * Makes the user a member with these grants, or replaces a member's grants. An owner's row is never
 * touched; the answer says whether the row was written and whether it is new.
 */
export async function upsertMemberGrants(
  db: Db,
  organizationId: string,
  userId: string,
  permissions: Grants,
): Promise<{ written: boolean; created: boolean }> {
  const [row] = await rows<{ created: boolean }>(
    db,
    sql`INSERT INTO organization_members (organization_id, user_id, role, permissions)
        VALUES (${organizationId}, ${userId}, 'member', ${JSON.stringify(permissions)}::jsonb)
        ON CONFLICT (organization_id, user_id) DO UPDATE SET permissions = excluded.permissions
          WHERE organization_members.role = 'member'
        RETURNING (xmax = 0) AS created`,
  );
  return { written: row !== undefined, created: row?.created ?? false };
}

export async function findMembership(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<{ role: 'owner' | 'member'; permissions: Grants } | null> {
  const [row] = await db
    .select({ role: organizationMembers.role, permissions: organizationMembers.permissions })
    .from(organizationMembers)
    .where(
      and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)),
    );
  return row ? { role: row.role as 'owner' | 'member', permissions: row.permissions as Grants } : null;
}

/** Removes a member (never the owner); true when a row went away. */
export async function deleteMember(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(organizationMembers)
    .where(
      and(
        eq(organizationMembers.organizationId, organizationId),
        eq(organizationMembers.userId, userId),
        eq(organizationMembers.role, 'member'),
      ),
    )
    .returning({ userId: organizationMembers.userId });
  if (deleted.length === 0) return false;
  await db
    .update(users)
    .set({ defaultOrganizationId: null })
    .where(and(eq(users.id, userId), eq(users.defaultOrganizationId, organizationId)));
  return true;
}

/** Makes a membership the user's default organization; false when they are not a member. */
export async function setDefaultOrganization(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<boolean> {
  const updated = await rows<{ id: string }>(
    db,
    sql`UPDATE users SET default_organization_id = ${organizationId}
        WHERE id = ${userId}
          AND EXISTS (SELECT 1 FROM organization_members m
                      WHERE m.user_id = ${userId} AND m.organization_id = ${organizationId})
        RETURNING id`,
  );
  return updated.length > 0;
}

/**
 * What the accounting has set up for the organization: its chart (country) is fixed once the ledger
 * exists, its fiscal-year start once a fiscal year is open.
 */
export async function accountingStarted(
  db: Db,
  organizationId: string,
): Promise<{ ledger: boolean; fiscalYears: boolean }> {
  const [row] = await rows<{ ledger: boolean; fiscal_years: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM accounting_settings WHERE organization_id = ${organizationId}) AS ledger,
               EXISTS (SELECT 1 FROM accounting_fiscal_years WHERE organization_id = ${organizationId})
                 AS fiscal_years`,
  );
  return { ledger: row?.ledger ?? false, fiscalYears: row?.fiscal_years ?? false };
}

/** Keeps the ledger's fiscal-year start (accounting_settings) equal to the organization's. */
export async function syncLedgerFiscalYearStart(
  db: Db,
  organizationId: string,
  month: number,
): Promise<void> {
  await db.execute(
    sql`UPDATE accounting_settings SET fiscal_year_start_month = ${month}, updated_at = now()
        WHERE organization_id = ${organizationId}`,
  );
}

export async function setDefaultOrganizationIfNone(db: Db, userId: string, organizationId: string) {
  await db.execute(
    sql`UPDATE users SET default_organization_id = ${organizationId}
        WHERE id = ${userId} AND default_organization_id IS NULL`,
  );
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findSetting(db: Db, organizationId: string, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: organizationSettings.value })
    .from(organizationSettings)
    .where(and(eq(organizationSettings.organizationId, organizationId), eq(organizationSettings.key, key)));
  return row ? row.value : null;
}

export async function saveSetting(db: Db, organizationId: string, key: string, value: unknown) {
  await db
    .insert(organizationSettings)
    .values({ organizationId, key, value })
    .onConflictDoUpdate({
      target: [organizationSettings.organizationId, organizationSettings.key],
      set: { value },
    });
}

export async function deleteSetting(db: Db, organizationId: string, key: string) {
  await db
    .delete(organizationSettings)
    .where(and(eq(organizationSettings.organizationId, organizationId), eq(organizationSettings.key, key)));
}

export async function isPortfolioClient(
  db: Db,
  portfolioOrganizationId: string,
  clientOrganizationId: string,
): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(
    db,
    sql`SELECT true AS ok FROM portfolio_clients
        WHERE portfolio_organization_id = ${portfolioOrganizationId}
          AND client_organization_id = ${clientOrganizationId}`,
  );
  return row !== undefined;
}
