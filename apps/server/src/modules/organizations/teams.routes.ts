import {
  acceptInvitationContract,
  createInvitationContract,
  invitationLookupContract,
  listInvitationsContract,
  listTeamMembersContract,
  PermissionFlag,
  removeTeamMemberContract,
  resendInvitationContract,
  revokeInvitationContract,
  setTeamMemberPermissionsContract,
  signupWithInvitationContract,
  transferOwnershipContract,
  ZPlainPassword,
} from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Access, PUBLIC, USER, withDetail } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import type { HashQueue } from '../../platform/hash-queue.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { addRoute } from '../../platform/route.ts';
import type { PasswordKeys } from '../../platform/secrets.ts';
import { clientKey, RULES, type Throttle } from '../../platform/throttle.ts';
import * as teams from './teams.service.ts';

const { VIEW, CREATE, EDIT, DELETE } = PermissionFlag;

/** /settings/teams: the OrgId organization's members and invitations, by the settings.teams grant. */
const TEAMS_VIEW: Access = { kind: 'org', resource: 'settings.teams', flag: VIEW };
const TEAMS_INVITE: Access = {
  kind: 'org',
  resource: 'settings.teams',
  flag: CREATE,
  detail: 'never grants beyond the caller’s own permissions (the owner’s are every one)',
};
const TEAMS_EDIT: Access = {
  kind: 'org',
  resource: 'settings.teams',
  flag: EDIT,
  detail: 'not the owner, not oneself, never beyond the caller’s own permissions',
};
const TEAMS_DELETE: Access = {
  kind: 'org',
  resource: 'settings.teams',
  flag: DELETE,
  detail: 'not the owner, not oneself, nobody holding more than the caller',
};
const TEAMS_REVOKE: Access = { kind: 'org', resource: 'settings.teams', flag: DELETE };
const OWNER: Access = { kind: 'owner' };

export interface TeamsDeps {
  db: Db;
  mailer: Mailer;
  passwordKeys: PasswordKeys;
  hashing: HashQueue;
  throttle: Throttle;
  signupsPerClientPerHour: number;
  /** Opens a session for a user (auth's startSession). */
  startSession(userId: string): Promise<{ auth_token: string; id: string }>;
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export function teamsRoutes(app: FastifyInstance, deps: TeamsDeps): void {
  const { db, mailer } = deps;

  addRoute(app, listTeamMembersContract, TEAMS_VIEW, async ({ request }) =>
    teams.listMembers(db, requireSession(request), requireOrg(request)),
  );

  addRoute(app, setTeamMemberPermissionsContract, TEAMS_EDIT, async ({ request, params, body }) =>
    teams.setPermissions(db, requireSession(request), requireOrg(request), params.userId, body.permissions),
  );

  addRoute(app, removeTeamMemberContract, TEAMS_DELETE, async ({ request, params }) =>
    teams.removeMember(db, requireSession(request), requireOrg(request), params.userId),
  );

  addRoute(app, transferOwnershipContract, OWNER, async ({ request, body }) =>
    teams.transferOwnership(db, requireSession(request), requireOrg(request), body.userId),
  );

  addRoute(app, listInvitationsContract, TEAMS_VIEW, async ({ request }) =>
    teams.listInvitations(db, requireOrg(request)),
  );

  addRoute(app, createInvitationContract, TEAMS_INVITE, async ({ request, body }) =>
    teams.createInvitation(db, mailer, requireSession(request), requireOrg(request), {
      ...body,
      origin: originOf(request),
    }),
  );

  addRoute(app, resendInvitationContract, TEAMS_INVITE, async ({ request, params }) =>
    teams.resendInvitation(
      db,
      mailer,
      requireSession(request),
      requireOrg(request),
      params.id,
      originOf(request),
    ),
  );

  addRoute(app, revokeInvitationContract, TEAMS_REVOKE, async ({ request, params }) =>
    teams.revokeInvitation(db, requireOrg(request), params.id),
  );

  addRoute(
    app,
    invitationLookupContract,
    withDetail(
      PUBLIC,
      'the link’s secret token names the invitation; used, revoked or expired ones are refused',
    ),
    async ({ body }) => teams.lookupInvitation(db, body.token),
  );

  addRoute(
    app,
    acceptInvitationContract,
    withDetail(USER, 'only the account whose e-mail the invitation names, once'),
    async ({ request, body }) => teams.acceptInvitation(db, requireSession(request), body.token),
  );

  addRoute(
    app,
    signupWithInvitationContract,
    withDetail(PUBLIC, 'the link’s secret token; only for an e-mail without an account, once'),
    async ({ request, body }) => {
      const client = clientKey(request.ip);
      await deps.throttle.limiter({ ...RULES.signupClient, free: deps.signupsPerClientPerHour }).hit(client);
      const password = await deps.passwordKeys.decryptPassword(body.password);
      if (!ZPlainPassword.safeParse(password).success) {
        throw new AppError('VALIDATION_FAILED', 'The password must have 8 to 200 characters.', [
          {
            path: 'body.password',
            messageKey: 'VALIDATION.PASSWORD_RULES',
            message: 'The password must have 8 to 200 characters.',
          },
        ]);
      }
      const passwordHash = await deps.hashing.run(client, () => hashPassword(password));
      const joined = await teams.signupWithInvitation(db, {
        token: body.token,
        name: body.name,
        passwordHash,
        language: body.language,
      });
      const session = await deps.startSession(joined.userId);
      return { ...session, organizationId: joined.organizationId };
    },
  );
}
