import { type Grants, hasFlag, PermissionFlag, Profile, type SessionClaims } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Database, type Db, preparedRows, rows } from '../db/client.ts';
import type { Listener } from '../db/listen.ts';
import { type Access, grantsOf } from './access.ts';
import { AppError } from './errors.ts';
import { LiveSessions, SESSIONS_CHANNEL } from './live-sessions.ts';
import { bearer, type JwtKeys, verifyToken } from './tokens.ts';

export interface Session {
  userId: string;
  sessionId: string;
  claims: SessionClaims;
}

export interface OrgContext {
  id: string;
  role: 'owner' | 'member';
  grants: Grants;
  locked: boolean;
  country: string;
  planName: string | null;
  /** The organization requires two-factor sign-in and this member has not turned it on. */
  twoFactorMissing: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** This instance's LISTEN connection, shared by every channel (db/listen.ts). */
    notifications: Listener;
    /** The sessions this instance knows alive (see LiveSessions). */
    liveSessions: LiveSessions;
    /** Every route with its access rule, in registration order (tests walk it). */
    routeTable: RouteEntry[];
  }
  interface FastifyRequest {
    session: Session | null;
    org: OrgContext | null;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** The signed-in session; throws 401 when there is none (for handlers behind a `user` or `org` guard). */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
  return request.session;
}

export function requireOrg(request: FastifyRequest): OrgContext {
  if (!request.org) throw new AppError('ORGANIZATION_REQUIRED', 'Select an organization (OrgId header).');
  return request.org;
}

export async function loadOrgContext(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<OrgContext | null> {
  const [row] = await preparedRows<{
    role: 'owner' | 'member';
    permissions: Grants;
    country: string;
    plan_name: string | null;
    locked: boolean;
    two_factor_missing: boolean;
  }>(
    db,
    'guard_org_context',
    sql`SELECT m.role, m.permissions, o.country, s.plan_name, coalesce(s.status = 5, false) AS locked,
          o.two_factor_required AND NOT EXISTS (
            SELECT 1 FROM user_two_factor t WHERE t.user_id = m.user_id AND t.enabled_at IS NOT NULL
          ) AS two_factor_missing
        FROM organization_members m
        JOIN organizations o ON o.id = m.organization_id
        LEFT JOIN subscriptions s ON s.id = o.subscription_id
        WHERE m.organization_id = ${organizationId} AND m.user_id = ${userId}`,
  );
  if (!row) return null;
  return {
    id: organizationId,
    role: row.role,
    grants: row.permissions,
    locked: row.locked,
    country: row.country,
    planName: row.plan_name,
    twoFactorMissing: row.two_factor_missing,
  };
}

/**
 * An organization that requires two-factor sign-in shows nothing of itself to a member without it:
 * the member is answered TWO_FACTOR_REQUIRED, and the web app sends them to enrolment.
 */
function refuseWithoutTwoFactor(org: OrgContext): void {
  if (org.twoFactorMissing) {
    throw new AppError(
      'TWO_FACTOR_REQUIRED',
      'This organization requires two-factor sign-in. Turn it on first.',
    );
  }
}

async function authenticate(
  db: Db,
  jwtKeys: JwtKeys,
  live: LiveSessions,
  request: FastifyRequest,
): Promise<Session | null> {
  const token = bearer(request.headers.authorization);
  if (!token) return null;
  return sessionFromToken(db, jwtKeys, token, live);
}

/**
 * The live session a token stands for. Throws 401 when the token is not valid or has expired, or when
 * its session was revoked or its user disabled (also used by the real-time handshake). With `live`, a
 * session this instance has just seen alive is not asked of the database again (see LiveSessions).
 */
export async function sessionFromToken(
  db: Db,
  jwtKeys: JwtKeys,
  token: string,
  live?: LiveSessions,
): Promise<Session> {
  const { claims, sessionId } = await verifyToken(jwtKeys, token);
  if (live?.isLive(sessionId, claims.sub)) return { userId: claims.sub, sessionId, claims };
  const generation = live?.generation ?? 0;
  const [row] = await preparedRows<{ expires_at: Date | string }>(
    db,
    'guard_live_session',
    sql`SELECT s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${sessionId} AND s.user_id = ${claims.sub} AND s.revoked_at IS NULL
          AND s.expires_at > now() AND NOT u.disabled`,
  );
  if (!row) throw new AppError('UNAUTHENTICATED', 'The session has ended.');
  live?.remember(generation, sessionId, claims.sub, new Date(row.expires_at).getTime());
  return { userId: claims.sub, sessionId, claims };
}

/** Keeps `live` in step with the database's session notifications until the app closes. */
async function followSessionChanges(app: FastifyInstance, live: LiveSessions) {
  const unsubscribe = await app.notifications.subscribe(SESSIONS_CHANNEL, {
    notify: (payload) => live.ended(payload),
    connected: () => live.listening(),
    disconnected: () => live.deaf(),
  });
  app.addHook('onClose', async () => {
    live.deaf();
    unsubscribe();
  });
}

/** A rule that reads `:id` on a route without one would refuse everybody: caught at startup. */
function checkDeclaration(method: string, url: string, access: Access): void {
  const readsId =
    access.kind === 'subscription' ||
    (access.kind === 'self' && access.from === 'param') ||
    ((access.kind === 'member' || access.kind === 'owner' || access.kind === 'org') &&
      access.from === 'param');
  if (readsId && !/\/:id(\/|$)/.test(url)) {
    throw new Error(`Route ${method} ${url}: its ${access.kind} access reads :id, which the path lacks`);
  }
  if ('optional' in access && access.optional && access.from === 'param') {
    throw new Error(`Route ${method} ${url}: only an OrgId header can be optional`);
  }
}

/**
 * One guard for every route: it authenticates the bearer token, then enforces the route's declared
 * audience (platform/access.ts) — signed in, the user concerned, Admin, a member or the owner of the
 * organization named by `OrgId` (or the path id), a permission on it, or access to a subscription.
 */
export async function registerGuard(
  app: FastifyInstance,
  database: Database,
  jwtKeys: JwtKeys,
): Promise<LiveSessions> {
  const { db } = database;
  const live = new LiveSessions();
  await followSessionChanges(app, live);
  app.decorate('liveSessions', live);
  app.decorateRequest('session', null);
  app.decorateRequest('org', null);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (url.startsWith('/documentation')) return;
    const access = route.config?.access;
    if (access) {
      checkDeclaration(String(route.method), url, access);
      for (const method of [route.method].flat())
        if (method !== 'HEAD') routeTable.push({ method, url, access });
      return;
    }
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'))) return;
    throw new Error(`Route ${String(route.method)} ${url} declares no access rule`);
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return;
    if (access.kind === 'public') {
      // Public routes still see who is calling, when a valid token comes along.
      request.session = await authenticate(db, jwtKeys, live, request).catch(() => null);
      return;
    }
    const session = await authenticate(db, jwtKeys, live, request);
    if (!session) throw new AppError('UNAUTHENTICATED', 'Sign in first.');
    request.session = session;
    request.org = await enforce(db, access, session, request);
  });
  return live;
}

const NO_ORG_ACCESS = 'You have no access to this organization.';

/**
 * Enforces a signed-in caller's access to a route (see Access); returns the organization context
 * when the rule names an organization. Runs before validation, so outside the audience every
 * request gets the same 403 whatever it carries.
 */
async function enforce(
  db: Db,
  access: Access,
  session: Session,
  request: FastifyRequest,
): Promise<OrgContext | null> {
  const isAdmin = session.claims.pid === Profile.ADMIN;
  switch (access.kind) {
    case 'public':
    case 'user':
      return null;
    case 'admin':
      if (!isAdmin) throw new AppError('ADMIN_ONLY', 'Only an Admin may do this.');
      return null;
    case 'self': {
      const named =
        access.from === 'param'
          ? (request.params as Record<string, unknown>).id
          : ((request.query ?? {}) as Record<string, unknown>).userId;
      // Leaving the optional ?userId out means the caller's own.
      if (access.from === 'query' && (named === undefined || named === '')) return null;
      if (named === session.userId || (access.orAdmin && isAdmin)) return null;
      throw new AppError('SELF_ONLY', "Only the user concerned may see or change another user's records.");
    }
    case 'subscription': {
      const id = (request.params as Record<string, unknown>).id;
      if (!(await canReachSubscription(db, session, id, access.need))) {
        throw new AppError('FORBIDDEN', 'You have no access to this subscription.');
      }
      return null;
    }
    case 'member':
    case 'owner':
    case 'org': {
      const organizationId =
        access.from === 'param'
          ? (request.params as Record<string, string | undefined>).id
          : (request.headers.orgid as string | undefined);
      if (!organizationId) {
        if (access.optional) return null;
        throw new AppError('ORGANIZATION_REQUIRED', 'Select an organization (OrgId header).');
      }
      if (!isUuid(organizationId)) throw new AppError('FORBIDDEN', NO_ORG_ACCESS);
      const org = await loadOrgContext(db, session.userId, organizationId);
      if (!org) throw new AppError('FORBIDDEN', NO_ORG_ACCESS);
      if (!access.withoutTwoFactor) refuseWithoutTwoFactor(org);
      if (access.kind === 'owner' && org.role !== 'owner') {
        throw new AppError('OWNER_ONLY', "Only the organization's owner may do this.");
      }
      if (access.kind === 'org') {
        const admitted = grantsOf(access).some((grant) => {
          const granted = org.grants[grant.resource];
          return granted !== undefined && hasFlag(granted, grant.flag);
        });
        if (!admitted) {
          throw new AppError('FORBIDDEN', `Missing permission ${access.resource}.${access.flag}.`);
        }
      }
      if (org.locked && !access.allowLocked) {
        throw new AppError(
          'ORGANIZATION_LOCKED',
          'The organization is locked until its subscription is paid.',
        );
      }
      return org;
    }
    default: {
      const unknown: never = access;
      throw new AppError('FORBIDDEN', `Unknown access rule ${JSON.stringify(unknown)}.`);
    }
  }
}

/**
 * Whether a caller may see (`view`) or manage a subscription: its owner; a member holding
 * billing.subscriptions (VIEW to see, EDIT to manage) in one of its organizations; an Admin may see.
 * An unknown or malformed id is simply not reachable, so the answer tells nobody whether it exists.
 * `executor` may be a transaction (the payment services ask again under their row lock).
 */
export async function canReachSubscription(
  executor: Db,
  session: Session,
  subscriptionId: unknown,
  need: 'view' | 'manage',
): Promise<boolean> {
  if (!isUuid(subscriptionId)) return false;
  const found = await rows<{ owner_id: string; permissions: Grants | null }>(
    executor,
    sql`SELECT s.owner_id, m.permissions FROM subscriptions s
        LEFT JOIN organizations o ON o.subscription_id = s.id
        LEFT JOIN organization_members m ON m.organization_id = o.id AND m.user_id = ${session.userId}
        WHERE s.id = ${subscriptionId}`,
  );
  if (found.length === 0) return false;
  if (found[0]!.owner_id === session.userId) return true;
  if (need === 'view' && session.claims.pid === Profile.ADMIN) return true;
  const flag = need === 'view' ? PermissionFlag.VIEW : PermissionFlag.EDIT;
  return found.some((row) => {
    const granted = row.permissions?.['billing.subscriptions'];
    return granted !== undefined && hasFlag(granted, flag);
  });
}
