import {
  signinContract,
  signoutContract,
  signupContract,
  tokenRefreshContract,
  ZPlainPassword,
} from '@fluxo/domain';
import type { FastifyInstance } from 'fastify';
import { PUBLIC, USER } from '../../platform/access.ts';
import { noteFailedSignin, noteSignin } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { requireSession } from '../../platform/guard.ts';
import { addRoute } from '../../platform/route.ts';
import type { PasswordKeys } from '../../platform/secrets.ts';
import { clientKey } from '../../platform/throttle.ts';
import * as auth from './auth.service.ts';

export function authRoutes(
  app: FastifyInstance,
  deps: auth.AuthDeps & { passwordKeys: PasswordKeys; sockets: auth.SessionSockets },
): void {
  addRoute(app, signupContract, PUBLIC, async ({ body, request }) => {
    const password = await deps.passwordKeys.decryptPassword(body.password);
    const checked = ZPlainPassword.safeParse(password);
    if (!checked.success) {
      throw new AppError('VALIDATION_FAILED', 'The password must have 8 to 200 characters.', [
        {
          path: 'body.password',
          messageKey: 'VALIDATION.PASSWORD_RULES',
          message: 'The password must have 8 to 200 characters.',
        },
      ]);
    }
    return auth.signup(deps, clientKey(request.ip), { ...body, password });
  });

  addRoute(app, signinContract, PUBLIC, async ({ body, request }) => {
    try {
      const result = await auth.signin(deps, clientKey(request.ip), body.email, () =>
        deps.passwordKeys.decryptPassword(body.password),
      );
      // With two-factor on, the sign-in is recorded when its second step completes.
      if ('id' in result) noteSignin(request, result.id);
      return result;
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_CREDENTIALS')
        noteFailedSignin(request, body.email);
      throw error;
    }
  });

  addRoute(app, signoutContract, USER, async ({ request }) => {
    const { sessionId } = requireSession(request);
    await auth.signout(deps, sessionId);
    // The database tells every instance (and this one) soon; this request's instance must know at once.
    app.liveSessions.ended(`s:${sessionId}`);
    return { signedOut: true };
  });

  addRoute(app, tokenRefreshContract, USER, async ({ request }) => {
    const session = requireSession(request);
    return auth.refresh(deps, session.userId, session.sessionId);
  });
}
