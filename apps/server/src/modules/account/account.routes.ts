import {
  changeLanguageContract,
  customerByUserIdContract,
  customerContract,
  externalOrganizationContract,
  onboardingContract,
  resendValidationCodeContract,
  updateUserSettingsContract,
  userSettingsContract,
  userSettingValueContract,
  validateAccountContract,
  validatePhoneContract,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import { type Access, PUBLIC, USER, withDetail } from '../../platform/access.ts';
import { requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import { clientKey } from '../../platform/throttle.ts';
import type { AuthDeps } from '../auth/auth.service.ts';
import * as account from './account.service.ts';

/** A customer record is its user's own; an Admin may read anyone's. */
const SELF_OR_ADMIN: Access = { kind: 'self', from: 'param', orAdmin: true };

export function accountRoutes(app: FastifyInstance, deps: AuthDeps): void {
  addRoute(app, validateAccountContract, PUBLIC, async ({ query, request }) =>
    account.validateAccount(deps, request.session, query.code, query.email, clientKey(request.ip)),
  );

  addRoute(app, resendValidationCodeContract, PUBLIC, async ({ body, request }) =>
    account.resendValidationCode(deps, request.session, body?.email, clientKey(request.ip)),
  );

  addRoute(app, validatePhoneContract, USER, async ({ params, query, request }) =>
    account.checkPhone(params.phone, query.country ?? requireSession(request).claims.country),
  );

  addRoute(app, onboardingContract, USER, async ({ body, request }) =>
    account.completeOnboarding(deps, requireSession(request), body),
  );

  addRoute(app, changeLanguageContract, USER, async ({ query, request }) =>
    account.changeLanguage(deps, requireSession(request), query.language),
  );

  addRoute(app, userSettingsContract, USER, async ({ request }) =>
    account.getSettings(deps, requireSession(request)),
  );

  addRoute(app, updateUserSettingsContract, USER, async ({ body, request }) =>
    account.updateSettings(deps, requireSession(request), body),
  );

  addRoute(app, userSettingValueContract, USER, async ({ query, request }) =>
    account.getSettingValue(deps, requireSession(request), query.s),
  );

  addRoute(app, customerContract, SELF_OR_ADMIN, async ({ params }) => account.getCustomer(deps, params.id));

  addRoute(app, customerByUserIdContract, SELF_OR_ADMIN, async ({ params }) =>
    account.getCustomer(deps, params.id),
  );

  addRoute(
    app,
    externalOrganizationContract,
    withDetail(USER, 'public company-register data, no Fluxo ids'),
    async ({ query }) => account.findExternalOrganization(deps, query.country, query.vatNumber),
  );
}
