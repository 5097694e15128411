import { createHash, randomInt } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, signinAttempts, users, validationCodes } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { mailText } from '../../platform/mail-texts.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { type JwtKeys, signToken } from '../../platform/tokens.ts';
import * as twoFactor from '../two-factor/two-factor.service.ts';
import { buildClaims } from './session-claims.ts';

export interface AuthDeps {
  db: Db;
  jwtKeys: JwtKeys;
  tokenTtlSeconds: number;
  mailer: Mailer;
}

/** Failures allowed per e-mail in a window before sign-in is refused for BLOCK_SECONDS. */
export const MAX_FAILURES = 5;
const WINDOW_SECONDS = 15 * 60;
const BLOCK_SECONDS = 15 * 60;
const CODE_TTL_MINUTES = 30;
const MAX_CODE_ATTEMPTS = 5;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export async function issueToken(deps: AuthDeps, userId: string, sessionId: string) {
  const claims = await buildClaims(deps.db, userId);
  const token = await signToken(deps.jwtKeys, claims, sessionId, deps.tokenTtlSeconds);
  return { auth_token: token, id: userId };
}

export async function startSession(deps: AuthDeps, userId: string) {
  const expiresAt = new Date(Date.now() + deps.tokenTtlSeconds * 1000);
  const [session] = await deps.db
    .insert(sessions)
    .values({ userId, expiresAt })
    .returning({ id: sessions.id });
  return issueToken(deps, userId, session!.id);
}

export async function signup(
  deps: AuthDeps,
  input: {
    name: string;
    email: string;
    password: string;
    profile: number;
    country: string;
    language: string;
  },
) {
  const passwordHash = await hashPassword(input.password);
  const currency = input.country === 'AO' ? 'AOA' : 'EUR';
  const inserted = await deps.db
    .insert(users)
    .values({
      email: input.email,
      name: input.name,
      passwordHash,
      profile: input.profile,
      country: input.country,
      language: input.language,
      currency,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  const user = inserted[0];
  if (!user) throw new AppError('EMAIL_TAKEN', 'An account with this e-mail already exists.');
  await sendValidationCode(deps, user.id);
  return user;
}

/** Makes a fresh 6-digit code, stores its hash and mails it in the user's language. */
export async function sendValidationCode(deps: AuthDeps, userId: string): Promise<string> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'Unknown account.');
  if (user.confirmed) throw new AppError('ALREADY_VALIDATED', 'The account is already validated.');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000);
  await deps.db
    .insert(validationCodes)
    .values({ userId, codeHash: hashCode(code), expiresAt, attempts: 0 })
    .onConflictDoUpdate({
      target: validationCodes.userId,
      set: { codeHash: hashCode(code), expiresAt, attempts: 0, sentAt: new Date() },
    });
  const text = mailText(user.language, 'validationCode', {
    name: user.name,
    code,
    minutes: CODE_TTL_MINUTES,
  });
  await deps.mailer.send({ to: user.email, subject: text.subject, text: text.body });
  return code;
}

/**
 * Confirms the account whose pending code matches. With a signed-in user (or an e-mail) the code
 * is checked against that account only; wrong guesses count, and after MAX_CODE_ATTEMPTS the code
 * is void and a new one must be sent.
 */
export async function validateCode(deps: AuthDeps, code: string, who: { userId?: string; email?: string }) {
  let userId = who.userId;
  if (!userId && who.email) {
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, who.email));
    userId = user?.id;
  }
  if (!userId) throw new AppError('INVALID_VALIDATION_CODE', 'The code is not valid.');
  const [pending] = await deps.db.select().from(validationCodes).where(eq(validationCodes.userId, userId));
  if (!pending || pending.expiresAt < new Date() || pending.attempts >= MAX_CODE_ATTEMPTS) {
    throw new AppError('INVALID_VALIDATION_CODE', 'The code is not valid or has expired.');
  }
  if (pending.codeHash !== hashCode(code)) {
    await deps.db
      .update(validationCodes)
      .set({ attempts: sql`${validationCodes.attempts} + 1` })
      .where(eq(validationCodes.userId, userId));
    throw new AppError('INVALID_VALIDATION_CODE', 'The code is not valid or has expired.');
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ confirmed: true }).where(eq(users.id, userId));
    await tx.delete(validationCodes).where(eq(validationCodes.userId, userId));
  });
  return userId;
}

async function registerFailure(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO signin_attempts (key, failures, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN signin_attempts.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})
                      THEN 1 ELSE signin_attempts.failures + 1 END,
      window_start = CASE WHEN signin_attempts.window_start < now() - make_interval(secs => ${WINDOW_SECONDS})
                          THEN now() ELSE signin_attempts.window_start END,
      blocked_until = CASE WHEN signin_attempts.failures + 1 >= ${MAX_FAILURES}
                                AND signin_attempts.window_start >= now() - make_interval(secs => ${WINDOW_SECONDS})
                           THEN now() + make_interval(secs => ${BLOCK_SECONDS}) ELSE NULL END`);
}

/**
 * Wrong password and unknown e-mail get the same answer after the same work; failures are counted
 * per e-mail, and past MAX_FAILURES the e-mail is blocked for a while. An account with two-factor on
 * gets a second-step token instead of a session (two-factor.service.ts).
 */
export async function signin(deps: AuthDeps, email: string, password: string) {
  const [attempts] = await deps.db.select().from(signinAttempts).where(eq(signinAttempts.key, email));
  if (attempts?.blockedUntil && attempts.blockedUntil > new Date()) {
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many failed attempts. Try again later.');
  }
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const ok = user
    ? await verifyPassword(password, user.passwordHash)
    : await verifyPassword(password, await decoyHash);
  if (!user || !ok || user.disabled) {
    await registerFailure(deps.db, email);
    throw new AppError('INVALID_CREDENTIALS', 'The e-mail or the password is wrong.');
  }
  await deps.db.delete(signinAttempts).where(eq(signinAttempts.key, email));
  // With two-factor on, the password only opens the second step (a token that is not a session).
  if (await twoFactor.isEnabled(deps.db, user.id)) return twoFactor.startSecondStep(deps, user.id);
  return startSession(deps, user.id);
}

/** Closes the live connections of ended sessions (the real-time hub's sockets, on every instance). */
export interface SessionSockets {
  endSessions(sessionIds: readonly string[]): void;
}

export async function signout(deps: AuthDeps & { sockets: SessionSockets }, sessionId: string) {
  await deps.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  // After the commit: a socket that connects from now on is refused by the session check.
  deps.sockets.endSessions([sessionId]);
}

/** A new token for the same session, with claims read afresh and the session's life extended. */
export async function refresh(deps: AuthDeps, userId: string, sessionId: string) {
  await deps.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + deps.tokenTtlSeconds * 1000) })
    .where(eq(sessions.id, sessionId));
  return issueToken(deps, userId, sessionId);
}
