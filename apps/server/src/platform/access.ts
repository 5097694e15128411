import type { Resource } from '@fluxo/domain';

/**
 * What a route needs. Every route declares one; the guard refuses to start a server with a route
 * that does not.
 * - public: anyone.
 * - user: a signed-in user (any organization or none).
 * - admin: a signed-in Admin (profile 0).
 * - org: a signed-in member of the organization named by the `OrgId` header (or, with
 *   `from: 'param'`, by the `:id` path parameter) holding `flag` on `resource`.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'admin' }
  | {
      kind: 'org';
      resource: Resource;
      flag: number;
      from?: 'header' | 'param';
      /** Locked organizations are refused (402) unless this is set. */
      allowLocked?: boolean;
    };

export const PUBLIC: Access = { kind: 'public' };
export const USER: Access = { kind: 'user' };
export const ADMIN: Access = { kind: 'admin' };
