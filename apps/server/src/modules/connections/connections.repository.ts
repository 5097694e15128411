import type { ConnectionAuthType, ConnectionStatus } from '@fluxo/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { bankConnectionAttempts, bankConnections } from '../../db/schema.ts';

export type ConnectionRow = typeof bankConnections.$inferSelect;
export type AttemptRow = typeof bankConnectionAttempts.$inferSelect;

/** The subscription that bills an organization, as far as connection limits care. */
export async function billingOf(
  db: Db,
  organizationId: string,
): Promise<{ subscriptionId: string | null; trialSaas: boolean }> {
  const [row] = await rows<{ id: string | null; trial_saas: boolean | null }>(
    db,
    sql`SELECT s.id, (s.is_trial AND s.customer_type = 'SAAS') AS trial_saas
        FROM organizations o LEFT JOIN subscriptions s ON s.id = o.subscription_id
        WHERE o.id = ${organizationId}`,
  );
  return { subscriptionId: row?.id ?? null, trialSaas: row?.trial_saas ?? false };
}

/**
 * Connections counted against a subscription's limit: those of every organization it bills. With
 * `lock`, the subscription row is locked first so two concurrent creations cannot both pass the limit.
 */
export async function countConnections(
  db: Db,
  billing: { subscriptionId: string | null },
  organizationId: string,
  lock = false,
): Promise<number> {
  if (lock && billing.subscriptionId) {
    await db.execute(sql`SELECT 1 FROM subscriptions WHERE id = ${billing.subscriptionId} FOR UPDATE`);
  }
  const scope = billing.subscriptionId
    ? sql`c.organization_id IN (SELECT id FROM organizations WHERE subscription_id = ${billing.subscriptionId})`
    : sql`c.organization_id = ${organizationId}`;
  const [row] = await rows<{ count: number | string }>(
    db,
    sql`SELECT count(*)::int AS count FROM bank_connections c WHERE ${scope}`,
  );
  return Number(row?.count ?? 0);
}

export async function insertConnection(
  db: Db,
  values: {
    id?: string;
    organizationId: string;
    createdBy: string;
    name: string;
    institutionCode: string;
    authType: ConnectionAuthType;
    provider: string;
    providerReference?: string | null;
    consentExpiresAt?: Date | null;
  },
): Promise<ConnectionRow> {
  const [row] = await db.insert(bankConnections).values(values).returning();
  return row!;
}

/** A connection of the organization, or null (also when it belongs to another organization). */
export async function findConnection(
  db: Db,
  organizationId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ConnectionRow | null> {
  const query = db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.id, id), eq(bankConnections.organizationId, organizationId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** Opens an attempt and puts the connection in waiting_authentication until `timeoutSeconds` from now. */
export async function startAttempt(
  db: Db,
  connection: ConnectionRow,
  input: { userId: string; state: Record<string, unknown>; timeoutSeconds: number },
): Promise<ConnectionRow> {
  const [attempt] = await db
    .insert(bankConnectionAttempts)
    .values({
      connectionId: connection.id,
      authType: connection.authType,
      status: 'waiting_authentication',
      startedBy: input.userId,
    })
    .returning({ id: bankConnectionAttempts.id });
  const [updated] = await db
    .update(bankConnections)
    .set({
      status: 'waiting_authentication',
      authUserId: input.userId,
      authAttemptId: attempt!.id,
      authState: input.state,
      authDueAt: sql`now() + make_interval(secs => ${input.timeoutSeconds})`,
      updatedAt: sql`now()`,
    })
    .where(eq(bankConnections.id, connection.id))
    .returning();
  return updated!;
}

/**
 * Ends the running attempt with `status`, if it is still the running one (and, unless it is the timeout,
 * still within its time). Returns the connection as it was before, or null when the attempt had already
 * ended.
 */
export async function finishAttempt(
  db: Db,
  connection: Pick<ConnectionRow, 'id' | 'authAttemptId'>,
  status: Exclude<ConnectionStatus, 'created' | 'waiting_authentication'>,
): Promise<ConnectionRow | null> {
  if (!connection.authAttemptId) return null;
  const withinTime = status === 'two_factor_auth_timeout' ? sql`true` : sql`auth_due_at > now()`;
  const [ended] = await rows<{ id: string }>(
    db,
    sql`UPDATE bank_connections
        SET status = ${status}, auth_state = NULL, auth_due_at = NULL, updated_at = now()
        WHERE id = ${connection.id} AND auth_attempt_id = ${connection.authAttemptId}
          AND status = 'waiting_authentication' AND ${withinTime}
        RETURNING id`,
  );
  if (!ended) return null;
  await db
    .update(bankConnectionAttempts)
    .set({ status, finishedAt: sql`now()` })
    .where(eq(bankConnectionAttempts.id, connection.authAttemptId));
  const [row] = await db.select().from(bankConnections).where(eq(bankConnections.id, connection.id));
  return row ?? null;
}

/** Closes a superseded attempt (a new setup started before it ended). */
export async function abandonAttempt(db: Db, attemptId: string): Promise<void> {
  await db
    .update(bankConnectionAttempts)
    .set({ status: 'error', finishedAt: sql`now()` })
    .where(and(eq(bankConnectionAttempts.id, attemptId), sql`finished_at IS NULL`));
}

/** Connections whose two-factor answer is overdue, locked for this transaction (others skip them). */
export async function lockOverdue(db: Db, limit: number): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(bankConnections)
    .where(and(eq(bankConnections.status, 'waiting_authentication'), sql`auth_due_at <= now()`))
    .orderBy(bankConnections.authDueAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function deleteConnection(db: Db, organizationId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(bankConnections)
    .where(and(eq(bankConnections.id, id), eq(bankConnections.organizationId, organizationId)))
    .returning({ id: bankConnections.id });
  return deleted.length > 0;
}

export async function listConnections(db: Db, organizationId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(bankConnections)
    .where(eq(bankConnections.organizationId, organizationId))
    .orderBy(bankConnections.createdAt, bankConnections.id);
}

export async function listAttempts(db: Db, connectionId: string): Promise<AttemptRow[]> {
  return db
    .select()
    .from(bankConnectionAttempts)
    .where(eq(bankConnectionAttempts.connectionId, connectionId))
    .orderBy(desc(bankConnectionAttempts.startedAt), desc(bankConnectionAttempts.id));
}

/**
 * Points a connection at a new consent (renewal). A connected one stays connected, with its current
 * expiry, so its accounts go on syncing until the new consent is confirmed; the consent it replaces is
 * kept in auth_state (previousReference) to be withdrawn then.
 */
export async function replaceConsent(
  db: Db,
  row: ConnectionRow,
  consent: { reference: string; consentExpiresAt: Date | null },
): Promise<ConnectionRow | null> {
  const connected = row.status === 'connected';
  const earlier = (row.authState as { previousReference?: string } | null)?.previousReference;
  const previousReference = earlier ?? row.providerReference;
  const [updated] = await db
    .update(bankConnections)
    .set({
      providerReference: consent.reference,
      authState: previousReference ? { previousReference } : null,
      ...(connected ? {} : { consentExpiresAt: consent.consentExpiresAt, status: 'created' }),
      lastSyncError: null,
      updatedAt: sql`now()`,
    })
    .where(eq(bankConnections.id, row.id))
    .returning();
  return updated ?? null;
}

/** Records how a redirect consent stands: connected (with its real expiry), or error. */
export async function setConsentOutcome(
  db: Db,
  id: string,
  outcome: { status: 'connected' | 'error'; consentExpiresAt?: Date | null; error?: string | null },
): Promise<ConnectionRow | null> {
  const [row] = await db
    .update(bankConnections)
    .set({
      status: outcome.status,
      ...(outcome.status === 'connected' ? { authState: null } : {}),
      ...(outcome.consentExpiresAt ? { consentExpiresAt: outcome.consentExpiresAt } : {}),
      lastSyncError: outcome.error ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(bankConnections.id, id))
    .returning();
  return row ?? null;
}

export async function renameConnection(
  db: Db,
  organizationId: string,
  id: string,
  name: string,
): Promise<ConnectionRow | null> {
  const [row] = await db
    .update(bankConnections)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(bankConnections.id, id), eq(bankConnections.organizationId, organizationId)))
    .returning();
  return row ?? null;
}

export async function recordSyncError(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(bankConnections)
    .set({ lastSyncError: error, updatedAt: sql`now()` })
    .where(eq(bankConnections.id, id));
}

/** The aggregator swapped the consent's id (Enable Banking: authorisation → session). */
export async function replaceReference(db: Db, id: string, reference: string): Promise<void> {
  await db
    .update(bankConnections)
    .set({ providerReference: reference, updatedAt: sql`now()` })
    .where(eq(bankConnections.id, id));
}
