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
import { requireOrg, requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import * as twoFactor from './two-factor.service.ts';

/** The owner's switch is an organization setting; the service also checks the caller is the owner. */
const ORG_SETTINGS_EDIT: Access = {
  kind: 'org',
  resource: 'organization.settings',
  flag: PermissionFlag.EDIT,
  from: 'param',
};

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

  addRoute(app, signinTwoFactorContract, PUBLIC, async ({ body }) =>
    twoFactor.completeSecondStep(deps, body.token, body.code),
  );

  addRoute(app, setOrganizationTwoFactorContract, ORG_SETTINGS_EDIT, async ({ request, body }) =>
    twoFactor.setOrganizationRequirement(
      deps.db,
      requireSession(request),
      requireOrg(request),
      body.required,
    ),
  );
}
