import { type Grants, grantsToStrings, Profile, type SessionClaims } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';

interface MembershipRow {
  organization_id: string;
  role: 'owner' | 'member';
  permissions: Grants;
  locked: boolean;
  cloud_credit: number;
}

/**
 * The default organization: the user's chosen one when still a member and unlocked, else the first
 * unlocked owned organization, else the first unlocked membership, else none.
 */
export function pickDefaultOrganization(memberships: MembershipRow[], preferred: string | null): string {
  const usable = memberships.filter((m) => !m.locked);
  if (preferred && usable.some((m) => m.organization_id === preferred)) return preferred;
  return usable.find((m) => m.role === 'owner')?.organization_id ?? usable[0]?.organization_id ?? '';
}

/** Builds every claim of the session token from the database (spec §3; docs/token-claims.md). */
export async function buildClaims(db: Db, userId: string): Promise<Omit<SessionClaims, 'exp' | 'iat'>> {
  const [user] = await rows<{
    id: string;
    name: string;
    email: string;
    phone: string | null;
    vat_number: string | null;
    profile: number;
    disabled: boolean;
    currency: string;
    language: string;
    country: string;
    credits: number;
    confirmed: boolean;
    active: boolean;
    avatar_url: string | null;
    default_organization_id: string | null;
    trial: boolean;
  }>(
    db,
    sql`SELECT u.*, EXISTS (SELECT 1 FROM subscriptions s WHERE s.owner_id = u.id AND s.is_trial
                               AND s.status IN (0, 1)) AS trial
        FROM users u WHERE u.id = ${userId}`,
  );
  if (!user) throw new AppError('UNAUTHENTICATED', 'The account no longer exists.');
  const memberships = await rows<MembershipRow>(
    db,
    sql`SELECT m.organization_id, m.role, m.permissions, coalesce(s.status = 5, false) AS locked, o.cloud_credit
        FROM organization_members m
        JOIN organizations o ON o.id = m.organization_id
        LEFT JOIN subscriptions s ON s.id = o.subscription_id
        WHERE m.user_id = ${userId}
        ORDER BY m.created_at, o.name`,
  );
  const defaultOrg = pickDefaultOrganization(memberships, user.default_organization_id);
  const permissions: Record<string, string[]> = {};
  for (const m of memberships) permissions[m.organization_id] = grantsToStrings(m.permissions);
  return {
    sub: user.id,
    uname: user.name,
    uem: user.email,
    ucon: user.phone ?? '',
    vat: user.vat_number ?? '',
    pid: user.profile,
    dis: user.disabled,
    currency: user.currency,
    lang: user.language,
    country: user.country,
    defaultOrg,
    ucreds: user.credits,
    ocreds: memberships.find((m) => m.organization_id === defaultOrg)?.cloud_credit ?? 0,
    tri: user.trial,
    uacti: user.active,
    aco: user.confirmed,
    avatar: user.avatar_url ?? '',
    role: user.profile === Profile.ADMIN ? 'admin' : 'user',
    permissions,
  };
}
