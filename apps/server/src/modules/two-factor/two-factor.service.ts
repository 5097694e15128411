import { createHash, createHmac } from 'node:crypto';
import {
  classifyTwoFactorCode,
  formatRecoveryCode,
  RECOVERY_CODE_COUNT,
  type SecondStepResponse,
  type TwoFactorStatus,
} from '@fluxo/domain';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import QRCode from 'qrcode';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrgContext, Session } from '../../platform/guard.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { SealedColumn } from '../../platform/secrets.ts';
import type { Throttle } from '../../platform/throttle.ts';
import type { JwtKey, JwtKeys } from '../../platform/tokens.ts';
import { keyUri, matchStep, newRecoveryCode, newSecret } from './totp.ts';
import * as repo from './two-factor.repository.ts';

export interface TwoFactorDeps {
  db: Db;
  /** The session keys: second-step tokens are signed with keys derived from them (secondStepKey). */
  jwtKeys: JwtKeys;
  /** Encryption at rest (SECRETS_KEY) for the authenticator secrets. */
  box: SecretBox;
  /** The sign-in throttle; the code step counts wrong guesses per client with it (two-factor.routes). */
  throttle: Throttle;
  /** Starts the session once both steps are passed (auth.service's startSession). */
  startSession(userId: string): Promise<{ auth_token: string; id: string }>;
  /** The clock; tests move it to cross time steps. */
  now?: () => number;
}

/** How long the second step may wait after the password. */
export const SECOND_STEP_TTL_SECONDS = 5 * 60;
/**
 * Wrong codes: a second-step token is void after MAX_FAILURES_PER_TOKEN; a user is refused further
 * codes (429) after MAX_FAILURES_PER_USER in FAILURE_WINDOW_SECONDS, whatever token or signed-in
 * action they came with. Local, bounded rules that platform/throttle.ts can take over.
 */
export const MAX_FAILURES_PER_TOKEN = 5;
export const MAX_FAILURES_PER_USER = 10;
export const FAILURE_WINDOW_SECONDS = 15 * 60;

const SECOND_STEP_AUDIENCE = 'fluxo:signin-second-step';
const INVALID_CODE = 'The code is not valid.';
const TOKEN_INVALID = 'The sign-in step has expired. Sign in again.';

/** Recovery codes carry 80 random bits: a fast hash is enough, nothing can be guessed from it. */
const hashRecoveryCode = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Second-step tokens are signed with a key of their own, derived from a session key of the ring (and
 * naming it by `kid`, so they follow its rotation): a session token is never a second-step token and
 * a second-step token never a session, whatever their claims.
 */
const secondStepKeys = new WeakMap<JwtKey, Uint8Array>();
function secondStepKey(jwtKey: JwtKey): Uint8Array {
  let key = secondStepKeys.get(jwtKey);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', jwtKey.secret).update('fluxo/two-factor/second-step').digest());
    secondStepKeys.set(jwtKey, key);
  }
  return key;
}

/** Where a user's secret is stored: binds the sealed value to its row (secret-box.ts). */
const secretPlace = (userId: string) => `user_two_factor/${userId}`;

/** The users' secrets, for `npm run rotate-keys -- secrets` to re-encrypt under a new SECRETS_KEY. */
export const SEALED_TWO_FACTOR_SECRETS: SealedColumn = {
  table: 'user_two_factor',
  id: 'user_id',
  column: 'secret',
  place: secretPlace,
};

const clock = (deps: { now?: () => number }) => (deps.now ?? Date.now)();

/** What checking a code needs: the database, the box the secret is sealed in, the clock. */
type CodeDeps = Pick<TwoFactorDeps, 'db' | 'box' | 'now'>;

// ---------------------------------------------------------------------------------------------
// Status and enrolment

export async function getStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const row = await repo.findTwoFactor(db, userId);
  const enabled = !!row?.enabled;
  return {
    enabled,
    enabledAt: enabled ? (row?.enabledAt ?? null) : null,
    recoveryCodesLeft: enabled ? await repo.countRecoveryCodesLeft(db, userId) : 0,
    organizations: await repo.listRelevantOrganizations(db, userId),
  };
}

export async function isEnabled(db: Db, userId: string): Promise<boolean> {
  return !!(await repo.findTwoFactor(db, userId))?.enabled;
}

/** A new secret for the user to add to an authenticator app; two-factor stays off until confirmed. */
export async function startEnrolment(deps: Pick<TwoFactorDeps, 'db' | 'box'>, session: Session) {
  const secret = newSecret();
  const stored = deps.box.seal(secret, secretPlace(session.userId));
  if (!(await repo.savePendingSecret(deps.db, session.userId, stored))) {
    throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already on.');
  }
  const uri = keyUri(secret, session.claims.uem);
  const qrCode = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, uri, qrCode };
}

function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes: codes.map(formatRecoveryCode), hashes: codes.map(hashRecoveryCode) };
}

/** The first code from the authenticator turns two-factor on; the recovery codes are answered once. */
export async function confirmEnrolment(deps: CodeDeps, userId: string, code: string) {
  const row = await repo.findTwoFactor(deps.db, userId);
  if (!row) throw new AppError('TWO_FACTOR_NOT_ENABLED', 'Start the set-up first.');
  if (row.enabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already on.');
  const step = matchStep(deps.box.open(row.secret, secretPlace(userId)), code, clock(deps));
  if (step === null) throw new AppError('INVALID_TWO_FACTOR_CODE', INVALID_CODE);
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.enable(tx, userId, step))) {
      throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 'Two-factor sign-in is already on.');
    }
    await repo.replaceRecoveryCodes(tx, userId, hashes);
  });
  return { recoveryCodes: codes };
}

// ---------------------------------------------------------------------------------------------
// Checking a code

/**
 * Whether `input` is a code the user may use now: a TOTP code of the current step ±1 not older than
 * the last accepted one (which it then becomes), or an unused recovery code (which is then spent).
 */
async function acceptCode(deps: CodeDeps, userId: string, input: string) {
  const code = classifyTwoFactorCode(input);
  if (!code) return false;
  if (code.kind === 'recovery') return repo.useRecoveryCode(deps.db, userId, hashRecoveryCode(code.code));
  const row = await repo.findTwoFactor(deps.db, userId);
  if (!row?.enabled) return false;
  const step = matchStep(deps.box.open(row.secret, secretPlace(userId)), code.code, clock(deps));
  return step !== null && repo.acceptStep(deps.db, userId, step);
}

async function refuseWhenThrottled(db: Db, userId: string) {
  if ((await repo.recentFailures(db, userId, FAILURE_WINDOW_SECONDS)) >= MAX_FAILURES_PER_USER) {
    throw new AppError('TOO_MANY_ATTEMPTS', 'Too many wrong codes. Try again later.');
  }
}

/** A signed-in action that needs a current code (disable, new recovery codes). */
async function requireCode(deps: CodeDeps, userId: string, input: string) {
  if (!(await isEnabled(deps.db, userId))) {
    throw new AppError('TWO_FACTOR_NOT_ENABLED', 'Two-factor sign-in is off.');
  }
  await refuseWhenThrottled(deps.db, userId);
  if (!(await acceptCode(deps, userId, input))) {
    await repo.registerUserFailure(deps.db, userId, FAILURE_WINDOW_SECONDS);
    throw new AppError('INVALID_TWO_FACTOR_CODE', INVALID_CODE);
  }
  await repo.clearUserFailures(deps.db, userId);
}

export async function disable(deps: CodeDeps, userId: string, code: string) {
  await requireCode(deps, userId, code);
  await deps.db.transaction((tx) => repo.remove(tx, userId));
  return { enabled: false as const };
}

export async function regenerateRecoveryCodes(deps: CodeDeps, userId: string, code: string) {
  await requireCode(deps, userId, code);
  const { codes, hashes } = newRecoveryCodes();
  await deps.db.transaction((tx) => repo.replaceRecoveryCodes(tx, userId, hashes));
  return { recoveryCodes: codes };
}

// ---------------------------------------------------------------------------------------------
// Sign-in's second step

/** After the right password: a short-lived token for the second step only, never a session. */
export async function startSecondStep(
  deps: Pick<TwoFactorDeps, 'db' | 'jwtKeys' | 'now'>,
  userId: string,
): Promise<SecondStepResponse> {
  const expiresAt = new Date(clock(deps) + SECOND_STEP_TTL_SECONDS * 1000);
  const challengeId = await repo.createChallenge(deps.db, userId, expiresAt);
  const key = deps.jwtKeys.signingKey();
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: key.kid })
    .setSubject(userId)
    .setAudience(SECOND_STEP_AUDIENCE)
    .setJti(challengeId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secondStepKey(key));
  return { twoFactorRequired: true, twoFactorToken: token, expiresInSeconds: SECOND_STEP_TTL_SECONDS };
}

async function readSecondStepToken(jwtKeys: JwtKeys, token: string) {
  try {
    const { kid } = decodeProtectedHeader(token);
    if (typeof kid !== 'string') throw new AppError('TWO_FACTOR_TOKEN_INVALID', TOKEN_INVALID);
    let key = jwtKeys.key(kid);
    if (!key) {
      // A key another instance has just made by rotation: read the ring again (rate-limited).
      await jwtKeys.refresh();
      key = jwtKeys.key(kid);
    }
    if (!key) throw new AppError('TWO_FACTOR_TOKEN_INVALID', TOKEN_INVALID);
    const { payload } = await jwtVerify(token, secondStepKey(key), {
      algorithms: ['HS256'],
      audience: SECOND_STEP_AUDIENCE,
    });
    if (!payload.sub || !payload.jti) throw new AppError('TWO_FACTOR_TOKEN_INVALID', TOKEN_INVALID);
    return { userId: payload.sub, challengeId: payload.jti };
  } catch (error) {
    // Whatever is wrong with it (malformed, forged, expired, another purpose), it is not a second step.
    if (error instanceof AppError || !(error instanceof errors.JOSEError || error instanceof TypeError))
      throw error;
    throw new AppError('TWO_FACTOR_TOKEN_INVALID', TOKEN_INVALID);
  }
}

/**
 * The second step: the token from the password step and a TOTP or recovery code give the session.
 * Wrong codes count against the token (void after MAX_FAILURES_PER_TOKEN) and the user.
 */
export async function completeSecondStep(deps: TwoFactorDeps, token: string, code: string) {
  const { userId, challengeId } = await readSecondStepToken(deps.jwtKeys, token);
  const challenge = await repo.findOpenChallenge(deps.db, challengeId, userId, MAX_FAILURES_PER_TOKEN);
  if (!challenge) throw new AppError('TWO_FACTOR_TOKEN_INVALID', TOKEN_INVALID);
  await refuseWhenThrottled(deps.db, userId);
  if (!(await acceptCode(deps, userId, code))) {
    await repo.registerChallengeFailure(deps.db, challengeId);
    await repo.registerUserFailure(deps.db, userId, FAILURE_WINDOW_SECONDS);
    throw new AppError('INVALID_TWO_FACTOR_CODE', INVALID_CODE);
  }
  if (!(await repo.spendChallenge(deps.db, challengeId, MAX_FAILURES_PER_TOKEN))) {
    throw new AppError('TWO_FACTOR_TOKEN_INVALID', TOKEN_INVALID);
  }
  await repo.clearUserFailures(deps.db, userId);
  const [user] = await deps.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
  if (!user || user.disabled)
    throw new AppError('INVALID_CREDENTIALS', 'The e-mail or the password is wrong.');
  return deps.startSession(userId);
}

// ---------------------------------------------------------------------------------------------
// The organization's requirement

/** Only the owner sets it, and only with two-factor on themselves (or they would be shut out). */
export async function setOrganizationRequirement(
  db: Db,
  session: Session,
  org: OrgContext,
  required: boolean,
) {
  if (org.role !== 'owner') throw new AppError('FORBIDDEN', 'Only the owner may change this.');
  if (required && !(await isEnabled(db, session.userId))) {
    throw new AppError('TWO_FACTOR_NOT_ENABLED', 'Turn on two-factor sign-in for yourself first.');
  }
  await repo.setOrganizationRequirement(db, org.id, required);
  return { required };
}
