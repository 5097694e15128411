import { PermissionFlag, type Resource } from '@fluxo/domain';

/**
 * Where a route names the organization it acts on: the `OrgId` header (default) or the `:id` path
 * parameter. `optional` (header only): without the header the route serves the caller's own records,
 * with it the caller must belong to the organization named.
 */
interface OrgScope {
  from?: 'header' | 'param';
  optional?: boolean;
  /** Locked organizations are refused (402) unless this is set. */
  allowLocked?: boolean;
  /**
   * Members without the two-factor sign-in the organization requires are refused (403
   * TWO_FACTOR_REQUIRED) unless this is set: for the routes that show none of its data (leaving it).
   */
  withoutTwoFactor?: boolean;
}

/**
 * Who may call a route — its audience. Every route declares one; the guard refuses to start a server
 * with a route that does not, and decides before the request is validated, so a caller outside the
 * audience learns nothing from the route (not even which input it would refuse).
 * - public: anyone.
 * - user: any signed-in user; the route acts on the caller's own records only.
 * - self: the signed-in user whose id is in the `:id` path parameter or the `userId` query parameter
 *   (the caller's own when the query parameter is left out); `orAdmin`: an Admin too.
 * - admin: a signed-in Admin (profile 0).
 * - member: a member of the organization, whatever their grants.
 * - owner: the organization's owner.
 * - org: a member of the organization holding `flag` on `resource` (the owner holds every grant), or
 *   any one of the `anyOf` grants (a list the web and another page both read, e.g. categories).
 * - subscription: the owner of the subscription in the `:id` path parameter, or a member holding
 *   billing.subscriptions (VIEW to see, EDIT to manage) in one of its organizations; an Admin may see.
 *
 * `detail` says what the service narrows further for some callers (shown in docs/security.md).
 */
export type Access = (
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'self'; from: 'param' | 'query'; orAdmin?: boolean }
  | { kind: 'admin' }
  | ({ kind: 'member' } & OrgScope)
  | ({ kind: 'owner' } & OrgScope)
  | ({
      kind: 'org';
      resource: Resource;
      flag: number;
      /** Other grants that admit the caller as well: any one of them is enough. */
      anyOf?: readonly Grant[];
    } & OrgScope)
  | { kind: 'subscription'; need: 'view' | 'manage' }
) & { detail?: string };

/** A permission a route may ask for: `flag` held on `resource`. */
export interface Grant {
  resource: Resource;
  flag: number;
}

export type AccessKind = Access['kind'];

/** The grants that admit a caller to an `org` route: its own, then any of `anyOf`. */
export function grantsOf(access: Extract<Access, { kind: 'org' }>): Grant[] {
  return [{ resource: access.resource, flag: access.flag }, ...(access.anyOf ?? [])];
}

export const PUBLIC: Access = { kind: 'public' };
export const USER: Access = { kind: 'user' };
export const ADMIN: Access = { kind: 'admin' };

/** Access rules that add a `detail` to one of the shared ones. */
export function withDetail(access: Access, detail: string): Access {
  return { ...access, detail };
}

function flagName(flag: number): string {
  const name = Object.entries(PermissionFlag).find(([, value]) => value === flag)?.[0];
  return name ?? String(flag);
}

function orgSource(scope: OrgScope): string {
  const where = scope.from === 'param' ? ':id' : 'OrgId';
  return scope.optional ? `${where}, when sent` : where;
}

/**
 * The audience in words, as docs/security.md lists it (its test compares the two). One line per
 * rule, so that the table and the code cannot drift apart without the test noticing.
 */
export function describeAccess(access: Access): string {
  const locked = (scope: OrgScope) => (scope.allowLocked ? ', locked too' : '');
  switch (access.kind) {
    case 'public':
      return 'anyone';
    case 'user':
      return 'any signed-in user';
    case 'self':
      return `the user named by ${access.from === 'param' ? ':id' : '?userId (default: self)'}${access.orAdmin ? ', or Admin' : ''}`;
    case 'admin':
      return 'Admin';
    case 'member':
      return `member of the organization (${orgSource(access)}${locked(access)})`;
    case 'owner':
      return `owner of the organization (${orgSource(access)}${locked(access)})`;
    case 'org':
      return `member with ${grantsOf(access)
        .map((grant) => `${grant.resource} ${flagName(grant.flag)}`)
        .join(' or ')} (${orgSource(access)}${locked(access)})`;
    case 'subscription':
      return access.need === 'view'
        ? 'owner of subscription :id, member with billing.subscriptions VIEW in it, or Admin'
        : 'owner of subscription :id, or member with billing.subscriptions EDIT in it';
    default: {
      const unknown: never = access;
      throw new Error(`Unknown access rule ${JSON.stringify(unknown)}`);
    }
  }
}
