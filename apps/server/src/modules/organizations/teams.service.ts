import { createHash, randomBytes } from 'node:crypto';
import {
  allGrants,
  can,
  type Grants,
  grantsBeyond,
  grantsToStrings,
  grantsWithin,
  type Invitation,
  PermissionFlag,
  Profile,
  presetOf,
  stringsToGrants,
  type TeamMember,
} from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrgContext, Session } from '../../platform/guard.ts';
import type { Mailer } from '../../platform/mail.ts';
import { mailText } from '../../platform/mail-texts.ts';
import { notifyOrganization, notifyUser } from '../../realtime/notify.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as repo from './organizations.repository.ts';

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;
/** The web route that opens an invitation link. */
export const INVITATION_PATH = '/invitations/accept';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

// ---------------------------------------------------------------------------------------------
// Members

interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role: 'owner' | 'member';
  permissions: Grants;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toMember(row: MemberRow, callerId: string): TeamMember {
  return {
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    permissions: grantsToStrings(row.permissions),
    preset: row.role === 'owner' ? null : presetOf(row.permissions),
    you: row.user_id === callerId,
    joinedAt: iso(row.created_at),
  };
}

async function memberRows(db: Db, organizationId: string, userId?: string): Promise<MemberRow[]> {
  return rows<MemberRow>(
    db,
    sql`SELECT m.user_id, u.name, u.email, m.role, m.permissions, m.created_at
        FROM organization_members m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${organizationId}
          ${userId ? sql`AND m.user_id = ${userId}` : sql``}
        ORDER BY (m.role = 'owner') DESC, lower(u.name), u.email`,
  );
}

/** Everyone in the caller's organization with what they can access. */
export async function listMembers(db: Db, session: Session, org: OrgContext) {
  return { members: (await memberRows(db, org.id)).map((row) => toMember(row, session.userId)) };
}

function refuseBeyond(org: OrgContext, wanted: Grants, what: string): void {
  if (org.role === 'owner') return;
  const beyond = grantsBeyond(org.grants, wanted);
  if (beyond.length > 0) {
    throw new AppError('GRANT_BEYOND_OWN', `${what}: ${beyond.join(', ')} go beyond your own permissions.`);
  }
}

/**
 * The member another member acts on: in the caller's organization (another organization's members
 * are unknown here), not the caller (who leaves instead), not the owner, and holding nothing the
 * caller does not hold themself.
 */
async function targetMember(db: Db, session: Session, org: OrgContext, userId: string): Promise<MemberRow> {
  const [target] = await memberRows(db, org.id, userId);
  if (!target) throw new AppError('NOT_FOUND', 'The user is not a member of this organization.');
  if (target.user_id === session.userId) {
    throw new AppError('FORBIDDEN', 'You cannot change your own membership here.');
  }
  if (target.role === 'owner') {
    throw new AppError('OWNER_PROTECTED', "The owner's membership cannot be changed by members.");
  }
  refuseBeyond(org, target.permissions, 'This member holds permissions that');
  return target;
}

/** Replaces a member's grants; their menu and token follow at once (REFRESH_MENU, REFRESH_TOKEN). */
export async function setPermissions(
  db: Db,
  session: Session,
  org: OrgContext,
  userId: string,
  permissions: readonly string[],
): Promise<TeamMember> {
  const target = await targetMember(db, session, org, userId);
  const grants = stringsToGrants(permissions);
  refuseBeyond(org, grants, 'The permissions asked for');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE organization_members SET permissions = ${JSON.stringify(grants)}::jsonb
          WHERE organization_id = ${org.id} AND user_id = ${userId} AND role = 'member'`,
    );
    await notifyUser(tx, userId, 'REFRESH_TOKEN', { OrganizationId: org.id });
    await notifyUser(tx, userId, 'REFRESH_MENU', { OrganizationId: org.id });
  });
  return toMember({ ...target, permissions: grants }, session.userId);
}

/**
 * Removes a member. The guard reads grants from the database on every request, so their next call
 * to the organization is refused; their app is told to read its organizations and token again.
 */
export async function removeMember(db: Db, session: Session, org: OrgContext, userId: string) {
  await targetMember(db, session, org, userId);
  const removed = await db.transaction(async (tx) => {
    const done = await repo.deleteMember(tx, org.id, userId);
    await notifyUser(tx, userId, 'REFRESH_ORGANIZATIONS', { OrganizationId: org.id });
    await notifyUser(tx, userId, 'REFRESH_TOKEN', { OrganizationId: org.id });
    return done;
  });
  return { removed };
}

/**
 * The owner hands the organization to another member, who gets every grant; the former owner stays
 * as a member with every grant (the admin of the team) and may then leave. The organization stays on
 * the subscription it is on.
 */
export async function transferOwnership(db: Db, session: Session, org: OrgContext, userId: string) {
  if (org.role !== 'owner') throw new AppError('OWNER_ONLY', 'Only the owner can transfer ownership.');
  if (userId === session.userId) throw new AppError('FORBIDDEN', 'You already own this organization.');
  const [target] = await memberRows(db, org.id, userId);
  if (!target) throw new AppError('NOT_FOUND', 'The user is not a member of this organization.');
  const every = JSON.stringify(allGrants());
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE organization_members SET role = 'member'
          WHERE organization_id = ${org.id} AND user_id = ${session.userId} AND role = 'owner'`,
    );
    await tx.execute(
      sql`UPDATE organization_members SET role = 'owner', permissions = ${every}::jsonb
          WHERE organization_id = ${org.id} AND user_id = ${userId}`,
    );
    for (const who of [session.userId, userId]) {
      await notifyUser(tx, who, 'REFRESH_ORGANIZATIONS', { OrganizationId: org.id });
      await notifyUser(tx, who, 'REFRESH_TOKEN', { OrganizationId: org.id });
      await notifyUser(tx, who, 'REFRESH_MENU', { OrganizationId: org.id });
    }
  });
  return { ownerId: userId };
}

// ---------------------------------------------------------------------------------------------
// Invitations

interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  permissions: Grants;
  invited_by: string | null;
  inviter_name: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  revoked_at: Date | string | null;
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    permissions: grantsToStrings(row.permissions),
    preset: presetOf(row.permissions),
    invitedBy: row.inviter_name,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    expired: new Date(row.expires_at).getTime() <= Date.now(),
  };
}

const INVITATION_COLUMNS = sql`i.id, i.organization_id, i.email, i.permissions, i.invited_by,
  u.name AS inviter_name, i.created_at, i.expires_at, i.accepted_at, i.revoked_at`;

async function pendingInvitation(db: Db, organizationId: string, id: string): Promise<InvitationRow> {
  const [row] = await rows<InvitationRow>(
    db,
    sql`SELECT ${INVITATION_COLUMNS} FROM organization_invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.id = ${id} AND i.organization_id = ${organizationId}
          AND i.accepted_at IS NULL AND i.revoked_at IS NULL`,
  );
  if (!row) throw new AppError('NOT_FOUND', 'No pending invitation has this id.');
  return row;
}

/** Pending invitations of the caller's organization (expired ones too, to resend or revoke). */
export async function listInvitations(db: Db, org: OrgContext) {
  const list = await rows<InvitationRow>(
    db,
    sql`SELECT ${INVITATION_COLUMNS} FROM organization_invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.organization_id = ${org.id} AND i.accepted_at IS NULL AND i.revoked_at IS NULL
        ORDER BY i.created_at DESC, i.id`,
  );
  return { invitations: list.map(toInvitation) };
}

async function mailInvitation(
  mailer: Mailer,
  language: string,
  input: { email: string; organizationName: string; inviter: string; link: string },
) {
  const text = mailText(language, 'invitation', {
    organization: input.organizationName,
    inviter: input.inviter,
    link: input.link,
    days: INVITATION_TTL_DAYS,
  });
  await mailer.send({ to: input.email, subject: text.subject, text: text.body });
}

const linkFor = (origin: string, token: string) => `${origin}${INVITATION_PATH}?token=${token}`;

/**
 * Invites an e-mail into the caller's organization with these grants (never beyond the caller's
 * own) and mails the link. Inviting an e-mail with a pending invitation replaces it.
 */
export async function createInvitation(
  db: Db,
  mailer: Mailer,
  session: Session,
  org: OrgContext,
  input: { email: string; permissions: readonly string[]; origin: string },
): Promise<Invitation> {
  const grants = stringsToGrants(input.permissions);
  refuseBeyond(org, grants, 'The permissions asked for');
  const [member] = await rows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM organization_members m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = ${org.id} AND u.email = ${input.email}`,
  );
  if (member) throw new AppError('ALREADY_MEMBER', 'This person is already a member of the organization.');
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
  const id = await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE organization_invitations SET revoked_at = now()
          WHERE organization_id = ${org.id} AND email = ${input.email}
            AND accepted_at IS NULL AND revoked_at IS NULL`,
    );
    const [created] = await rows<{ id: string }>(
      tx,
      sql`INSERT INTO organization_invitations (organization_id, email, token_hash, permissions, invited_by, expires_at)
          VALUES (${org.id}, ${input.email}, ${hashToken(token)}, ${JSON.stringify(grants)}::jsonb,
                  ${session.userId}, ${expiresAt.toISOString()})
          RETURNING id`,
    );
    await notifyInvitee(tx, session, org, input.email, token);
    return created!.id;
  });
  const row = await pendingInvitation(db, org.id, id);
  await sendFor(db, mailer, session, row, token, input.origin);
  return toInvitation(row);
}

/** Someone who already has an account also finds the invitation in their bell, linked to its page. */
async function notifyInvitee(tx: Db, session: Session, org: OrgContext, email: string, token: string) {
  const [invitee] = await rows<{ id: string }>(tx, sql`SELECT id FROM users WHERE email = ${email}`);
  if (!invitee) return;
  const organization = await repo.findOrganization(tx, org.id);
  await notify(tx, {
    userId: invitee.id,
    // Not a member yet: the notification is the user's own, shown whatever organization is selected.
    orgId: null,
    kind: 'organization.invitation',
    params: { inviter: session.claims.uname, organization: organization?.name ?? '' },
    link: `${INVITATION_PATH}?token=${token}`,
  });
}

async function sendFor(
  db: Db,
  mailer: Mailer,
  session: Session,
  row: InvitationRow,
  token: string,
  origin: string,
) {
  const organization = await repo.findOrganization(db, row.organization_id);
  await mailInvitation(mailer, session.claims.lang, {
    email: row.email,
    organizationName: organization?.name ?? '',
    inviter: session.claims.uname,
    link: linkFor(origin, token),
  });
}

/** A new link (the old one stops working) with a fresh expiry, mailed again. */
export async function resendInvitation(
  db: Db,
  mailer: Mailer,
  session: Session,
  org: OrgContext,
  id: string,
  origin: string,
): Promise<Invitation> {
  const current = await pendingInvitation(db, org.id, id);
  refuseBeyond(org, current.permissions, 'The invitation grants permissions that');
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000);
  await db.execute(
    sql`UPDATE organization_invitations SET token_hash = ${hashToken(token)}, expires_at = ${expiresAt.toISOString()}
        WHERE id = ${id} AND organization_id = ${org.id}`,
  );
  const row = await pendingInvitation(db, org.id, id);
  await sendFor(db, mailer, session, row, token, origin);
  return toInvitation(row);
}

export async function revokeInvitation(db: Db, org: OrgContext, id: string) {
  await pendingInvitation(db, org.id, id);
  await db.execute(
    sql`UPDATE organization_invitations SET revoked_at = now()
        WHERE id = ${id} AND organization_id = ${org.id} AND revoked_at IS NULL`,
  );
  return { revoked: true };
}

// ---------------------------------------------------------------------------------------------
// The link

function invalid(): AppError {
  return new AppError('INVITATION_INVALID', 'This invitation link is no longer valid.');
}

async function usableInvitation(db: Db, token: string, lock = false): Promise<InvitationRow> {
  const [row] = await rows<InvitationRow>(
    db,
    sql`SELECT ${INVITATION_COLUMNS} FROM organization_invitations i LEFT JOIN users u ON u.id = i.invited_by
        WHERE i.token_hash = ${hashToken(token)} ${lock ? sql`FOR UPDATE OF i` : sql``}`,
  );
  if (!row || row.accepted_at || row.revoked_at || new Date(row.expires_at).getTime() <= Date.now()) {
    throw invalid();
  }
  return row;
}

export async function lookupInvitation(db: Db, token: string) {
  const row = await usableInvitation(db, token);
  const organization = await repo.findOrganization(db, row.organization_id);
  if (!organization) throw invalid();
  return {
    organizationName: organization.name,
    email: row.email,
    invitedBy: row.inviter_name,
    expiresAt: iso(row.expires_at),
    accountExists: (await repo.findUserByEmail(db, row.email)) !== null,
  };
}

/**
 * Inside the caller's transaction: the invitation is used once, by the account with its e-mail. The
 * grants are what the inviter still holds of them when the link is used (an owner's in full); an
 * inviter who left, or no longer manages the team, leaves the invitation void.
 */
async function join(tx: Db, token: string, user: { id: string; email: string }): Promise<string> {
  const row = await usableInvitation(tx, token, true);
  if (row.email !== user.email) {
    throw new AppError('INVITATION_EMAIL_MISMATCH', 'This invitation was sent to another e-mail address.');
  }
  const inviter = row.invited_by ? await repo.findMembership(tx, row.organization_id, row.invited_by) : null;
  if (!inviter) throw invalid();
  let grants = row.permissions;
  if (inviter.role !== 'owner') {
    if (!can(inviter.permissions, 'settings.teams', PermissionFlag.CREATE)) throw invalid();
    grants = grantsWithin(inviter.permissions, grants);
  }
  if (await repo.findMembership(tx, row.organization_id, user.id)) {
    throw new AppError('ALREADY_MEMBER', 'You are already a member of this organization.');
  }
  await repo.insertMember(tx, row.organization_id, user.id, 'member', grants);
  await tx.execute(
    sql`UPDATE organization_invitations SET accepted_at = now(), accepted_by = ${user.id} WHERE id = ${row.id}`,
  );
  await repo.setDefaultOrganizationIfNone(tx, user.id, row.organization_id);
  await notifyOrganization(tx, row.organization_id, 'ORGANIZATION_USER_ADDED', {
    OrganizationId: row.organization_id,
    UserId: user.id,
  });
  await notifyUser(tx, user.id, 'REFRESH_ORGANIZATIONS', { OrganizationId: row.organization_id });
  await notifyUser(tx, user.id, 'REFRESH_TOKEN', { OrganizationId: row.organization_id });
  return row.organization_id;
}

/** A signed-in user accepts an invitation sent to their e-mail. */
export async function acceptInvitation(db: Db, session: Session, token: string) {
  const organizationId = await db.transaction((tx) =>
    join(tx, token, { id: session.userId, email: session.claims.uem }),
  );
  return { organizationId };
}

/**
 * A new user signs up through the link: the link proves the e-mail, so the account is confirmed and
 * active at once (no validation code, no sign-up steps), in the organization's country.
 */
export async function signupWithInvitation(
  db: Db,
  input: { token: string; name: string; passwordHash: string; language: string },
): Promise<{ userId: string; organizationId: string }> {
  return db.transaction(async (tx) => {
    const row = await usableInvitation(tx, input.token, true);
    if (await repo.findUserByEmail(tx, row.email)) {
      throw new AppError('EMAIL_TAKEN', 'An account with this e-mail already exists: sign in to accept.');
    }
    const organization = (await repo.findOrganization(tx, row.organization_id))!;
    const [user] = await tx
      .insert(users)
      .values({
        email: row.email,
        name: input.name,
        passwordHash: input.passwordHash,
        profile: Profile.COMPANY,
        country: organization.country,
        language: input.language,
        currency: organization.currency,
        confirmed: true,
        active: true,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    if (!user) throw new AppError('EMAIL_TAKEN', 'An account with this e-mail already exists.');
    const organizationId = await join(tx, input.token, user);
    return { userId: user.id, organizationId };
  });
}
