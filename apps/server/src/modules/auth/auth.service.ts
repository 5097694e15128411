import { createHash, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sessions, users, validationCodes } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { HashQueue } from '../../platform/hash-queue.ts';
import type { Mailer } from '../../platform/mail.ts';
import { mailText } from '../../platform/mail-texts.ts';
import { decoyHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import {
  ACCOUNT_DELAY_MS,
  ACCOUNT_UNDER_ATTACK,
  GUESSING_NOTICE_SECONDS,
  RULES,
  type Throttle,
  tooManyAttempts,
} from '../../platform/throttle.ts';
import { type JwtKeys, signToken } from '../../platform/tokens.ts';
import * as twoFactor from '../two-factor/two-factor.service.ts';
import { buildClaims } from './session-claims.ts';

export interface AuthDeps {
  db: Db;
  jwtKeys: JwtKeys;
  tokenTtlSeconds: number;
  mailer: Mailer;
  /** Failure and rate counters shared by every instance (platform/throttle.ts). */
  throttle: Throttle;
  /** The bounded queue every password hash of a request goes through (platform/hash-queue.ts). */
  hashing: HashQueue;
  /** Sign-ups per client address and hour before waits begin. */
  signupsPerClientPerHour: number;
  log?: FastifyBaseLogger;
}

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

/** `client`: the caller's address key (platform/throttle.ts clientKey). */
export async function signup(
  deps: AuthDeps,
  client: string,
  input: {
    name: string;
    email: string;
    password: string;
    profile: number;
    country: string;
    language: string;
  },
) {
  await deps.throttle.limiter({ ...RULES.signupClient, free: deps.signupsPerClientPerHour }).hit(client);
  const passwordHash = await deps.hashing.run(client, () => hashPassword(input.password));
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

/**
 * Runs one guess of a secret for an account (a password; the second sign-in step reuses it for its
 * codes) under the sign-in throttle: refused at once while the client, or the client for this account,
 * is waiting out its failures; delayed (never refused) while the account as a whole is failing from
 * everywhere, and then its owner is told once a day by mail. `attempt` answers null for a wrong guess.
 * A right guess clears the client's counter for this account only: its failures on other accounts
 * still count.
 */
export async function throttledAttempt<T>(
  deps: AuthDeps,
  client: string,
  email: string,
  attempt: () => Promise<T | null>,
): Promise<T> {
  const byClient = deps.throttle.limiter(RULES.signinClient);
  const byPair = deps.throttle.limiter(RULES.signinClientAccount);
  const byAccount = deps.throttle.limiter(RULES.signinAccount);
  const pair = `${client} ${email}`;
  // A client already known to be waiting is refused before any store access (a flood's usual case).
  const known = byClient.known(client) ?? byPair.known(pair);
  if (known) throw tooManyAttempts(known.retryAfterSeconds);
  const [mine, ours, account] = await Promise.all([
    byClient.read(client),
    byPair.read(pair),
    byAccount.read(email),
  ]);
  const wait = Math.max(mine.retryAfterSeconds, ours.retryAfterSeconds);
  if (wait > 0) throw tooManyAttempts(wait);
  if (account.count >= ACCOUNT_UNDER_ATTACK) await sleep(ACCOUNT_DELAY_MS);
  const result = await attempt();
  if (result !== null) {
    await byPair.succeed(pair);
    return result;
  }
  const [, , failures] = await Promise.all([byClient.fail(client), byPair.fail(pair), byAccount.fail(email)]);
  // Not awaited: the answer must not take longer for an account that exists (nor wait for the mail).
  if (failures.count >= ACCOUNT_UNDER_ATTACK) {
    void tellOwner(deps, email, failures.count).catch((error: unknown) =>
      deps.log?.error({ err: error }, 'sign-in warning mail failed'),
    );
  }
  throw new AppError('INVALID_CREDENTIALS', 'The e-mail or the password is wrong.');
}

/** The "someone is guessing your password" mail, at most once per GUESSING_NOTICE_SECONDS. */
async function tellOwner(deps: AuthDeps, email: string, failures: number): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  if (!user || !(await deps.throttle.once(`signin-notice:${email}`, GUESSING_NOTICE_SECONDS))) return;
  const text = mailText(user.language, 'signinGuessing', { name: user.name, email, failures });
  await deps.mailer.send({ to: user.email, subject: text.subject, text: text.body });
}

/**
 * Wrong password and unknown e-mail get the same answer after the same work, under the sign-in
 * throttle (throttledAttempt). `password` decrypts the password sent: only once the throttle and the
 * hashing queue have let the attempt through, so a refused flood costs neither RSA nor the database.
 * An account with two-factor on gets a second-step token instead of a session (two-factor.service.ts).
 */
export async function signin(deps: AuthDeps, client: string, email: string, password: () => Promise<string>) {
  const user = await throttledAttempt(deps, client, email, () =>
    deps.hashing.run(client, async () => {
      const plain = await password();
      const [found] = await deps.db.select().from(users).where(eq(users.email, email));
      const ok = await verifyPassword(plain, found ? found.passwordHash : await decoyHash);
      return found && ok && !found.disabled ? found : null;
    }),
  );
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
