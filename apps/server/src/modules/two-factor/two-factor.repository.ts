import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  organizations,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  userTwoFactor,
} from '../../db/schema.ts';
import { type Executor, iso, query, type Tx } from '../../platform/tx.ts';

export interface TwoFactorRow {
  secret: string;
  enabled: boolean;
  enabledAt: string | null;
  lastStep: number | null;
}

export async function findTwoFactor(db: Executor, userId: string): Promise<TwoFactorRow | null> {
  const [row] = await (db as Db)
    .select({
      secret: userTwoFactor.secret,
      enabledAt: userTwoFactor.enabledAt,
      lastStep: userTwoFactor.lastStep,
    })
    .from(userTwoFactor)
    .where(eq(userTwoFactor.userId, userId));
  if (!row) return null;
  return {
    secret: row.secret,
    enabled: !!row.enabledAt,
    enabledAt: iso(row.enabledAt),
    lastStep: row.lastStep,
  };
}

/** A new pending enrolment (two-factor still off), replacing any pending one. Refuses an enabled one. */
export async function savePendingSecret(db: Db, userId: string, secret: string): Promise<boolean> {
  const rows = await query<{ user_id: string }>(
    db,
    sql`INSERT INTO user_two_factor (user_id, secret) VALUES (${userId}, ${secret})
        ON CONFLICT (user_id) DO UPDATE SET secret = EXCLUDED.secret, last_step = NULL, created_at = now()
          WHERE user_two_factor.enabled_at IS NULL
        RETURNING user_id`,
  );
  return rows.length === 1;
}

/** Turns two-factor on at the step of the confirming code. False when it was on already. */
export async function enable(tx: Tx, userId: string, step: number): Promise<boolean> {
  const rows = await query<{ user_id: string }>(
    tx,
    sql`UPDATE user_two_factor SET enabled_at = now(), last_step = ${step}, failures = 0, failures_since = NULL
        WHERE user_id = ${userId} AND enabled_at IS NULL RETURNING user_id`,
  );
  return rows.length === 1;
}

/**
 * Records `step` as the last accepted one, only when it is later than the last: two requests with the
 * same code cannot both pass, whichever instance they reach.
 */
export async function acceptStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const rows = await query<{ user_id: string }>(
    db,
    sql`UPDATE user_two_factor SET last_step = ${step}
        WHERE user_id = ${userId} AND enabled_at IS NOT NULL AND (last_step IS NULL OR last_step < ${step})
        RETURNING user_id`,
  );
  return rows.length === 1;
}

export async function replaceRecoveryCodes(tx: Executor, userId: string, hashes: string[]): Promise<void> {
  await (tx as Db).delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await (tx as Db).insert(twoFactorRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Marks an unused recovery code used; false when there is none with this hash. */
export async function useRecoveryCode(db: Executor, userId: string, codeHash: string): Promise<boolean> {
  const used = await (db as Db)
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return used.length === 1;
}

export async function countRecoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await query<{ left: number }>(
    db,
    sql`SELECT count(*)::int AS left FROM two_factor_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`,
  );
  return row?.left ?? 0;
}

/** Two-factor off: the secret, the recovery codes and any open second steps go. */
export async function remove(tx: Tx, userId: string): Promise<void> {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

// ---------------------------------------------------------------------------------------------
// Wrong codes per user, in a window (the local rule; see two-factor.service.ts)

/** Wrong codes counted in the current window (0 when the window has passed). */
export async function recentFailures(db: Db, userId: string, windowSeconds: number): Promise<number> {
  const [row] = await query<{ failures: number }>(
    db,
    sql`SELECT CASE WHEN failures_since > now() - make_interval(secs => ${windowSeconds}) THEN failures ELSE 0 END
               AS failures
        FROM user_two_factor WHERE user_id = ${userId}`,
  );
  return row?.failures ?? 0;
}

export async function registerUserFailure(db: Db, userId: string, windowSeconds: number): Promise<void> {
  await query(
    db,
    sql`UPDATE user_two_factor SET
          failures = CASE WHEN failures_since > now() - make_interval(secs => ${windowSeconds}) THEN failures + 1 ELSE 1 END,
          failures_since = CASE WHEN failures_since > now() - make_interval(secs => ${windowSeconds})
                                THEN failures_since ELSE now() END
        WHERE user_id = ${userId}`,
  );
}

export async function clearUserFailures(db: Executor, userId: string): Promise<void> {
  await query(
    db,
    sql`UPDATE user_two_factor SET failures = 0, failures_since = NULL WHERE user_id = ${userId}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Second steps of sign-in

export async function createChallenge(db: Db, userId: string, expiresAt: Date): Promise<string> {
  const [row] = await db
    .insert(twoFactorChallenges)
    .values({ userId, expiresAt })
    .returning({ id: twoFactorChallenges.id });
  // Spent and expired second steps of anyone are not kept: the table stays small without a job.
  await query(db, sql`DELETE FROM two_factor_challenges WHERE expires_at < now() - interval '1 day'`);
  return row!.id;
}

/** The open challenge (unused, unexpired, under `maxFailures`), or null. */
export async function findOpenChallenge(db: Db, id: string, userId: string, maxFailures: number) {
  const [row] = await query<{ id: string }>(
    db,
    sql`SELECT id FROM two_factor_challenges
        WHERE id = ${id} AND user_id = ${userId} AND NOT used AND failures < ${maxFailures} AND expires_at > now()`,
  );
  return row ?? null;
}

export async function registerChallengeFailure(db: Db, id: string): Promise<void> {
  await query(db, sql`UPDATE two_factor_challenges SET failures = failures + 1 WHERE id = ${id}`);
}

/** Spends the challenge; false when another request spent it first (or it is no longer open). */
export async function spendChallenge(db: Executor, id: string, maxFailures: number): Promise<boolean> {
  const rows = await query<{ id: string }>(
    db,
    sql`UPDATE two_factor_challenges SET used = true
        WHERE id = ${id} AND NOT used AND failures < ${maxFailures} AND expires_at > now() RETURNING id`,
  );
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Organizations

/** The user's organizations that require two-factor, and those the user owns. */
export async function listRelevantOrganizations(db: Db, userId: string) {
  return query<{ id: string; name: string; owner: boolean; required: boolean }>(
    db,
    sql`SELECT o.id, o.name, m.role = 'owner' AS owner, o.two_factor_required AS required
        FROM organization_members m JOIN organizations o ON o.id = m.organization_id
        WHERE m.user_id = ${userId} AND (m.role = 'owner' OR o.two_factor_required)
        ORDER BY o.name, o.id`,
  );
}

export async function setOrganizationRequirement(db: Db, organizationId: string, required: boolean) {
  await db
    .update(organizations)
    .set({ twoFactorRequired: required })
    .where(eq(organizations.id, organizationId));
}
