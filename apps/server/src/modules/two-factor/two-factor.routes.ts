import {
  confirmTwoFactorContract,
  disableTwoFactorContract,
  PermissionFlag,
  regenerateRecoveryCodesContract,
  setOrganizationTwoFactorContract,
  signinTwoFactorContract,
  startTwoFactorEnrolmentContract,
  twoFactorStatusContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import { type Access, PUBLIC, USER } from '../../platform/access.ts';
import { noteFailedSignin, noteSignin } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import { clientKey, RULES } from '../../platform/throttle.ts';
import * as twoFactor from './two-factor.service.ts';

/** The owner's switch is an organization setting; the service also checks the caller is the owner. */
const ORG_SETTINGS_EDIT: Access = {
  kind: 'org',
  resource: 'organization.settings',
  flag: PermissionFlag.EDIT,
  from: 'param',
};

/** Answers that mean a wrong guess at the second step (a code, or a token made up or replayed). */
const WRONG_GUESS = new Set(['INVALID_TWO_FACTOR_CODE', 'TWO_FACTOR_TOKEN_INVALID']);

/** Two-factor sign-in (docs/two-factor.md): enrolment and its use are the user's own, signed in. */
export function twoFactorRoutes(app: FastifyInstance, deps: twoFactor.TwoFactorDeps): void {
  addRoute(app, twoFactorStatusContract, USER, async ({ request }) =>
    twoFactor.getStatus(deps.db, requireSession(request).userId),
  );

  addRoute(app, startTwoFactorEnrolmentContract, USER, async ({ request }) =>
    twoFactor.startEnrolment(deps, requireSession(request)),
  );

  addRoute(app, confirmTwoFactorContract, USER, async ({ request, body }) =>
    twoFactor.confirmEnrolment(deps, requireSession(request).userId, body.code),
  );

  addRoute(app, regenerateRecoveryCodesContract, USER, async ({ request, body }) =>
    twoFactor.regenerateRecoveryCodes(deps, requireSession(request).userId, body.code),
  );

  addRoute(app, disableTwoFactorContract, USER, async ({ request, body }) =>
    twoFactor.disable(deps, requireSession(request).userId, body.code),
  );

  // The code step counts against the client like a failed sign-in (its per-client waits, 429 with
  // Retry-After), on top of the per-token and per-user limits of the service.
  const byClient = deps.throttle.limiter(RULES.signinClient);
  addRoute(app, signinTwoFactorContract, PUBLIC, async ({ body, request }) => {
    const client = clientKey(request.ip);
    await byClient.check(client);
    try {
      const session = await twoFactor.completeSecondStep(deps, body.token, body.code);
      noteSignin(request, session.id);
      return session;
    } catch (error) {
      if (error instanceof AppError && WRONG_GUESS.has(error.code)) {
        noteFailedSignin(request, null);
        await byClient.fail(client);
      }
      throw error;
    }
  });

  addRoute(app, setOrganizationTwoFactorContract, ORG_SETTINGS_EDIT, async ({ request, body }) =>
    twoFactor.setOrganizationRequirement(
      deps.db,
      requireSession(request),
      requireOrg(request),
      body.required,
    ),
  );
}
