import type { StatementEntry } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import type { JobRow, JobTx } from '../../../platform/jobs.ts';
import { scheduleJob } from '../../../platform/jobs.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import {
  BankFeedError,
  type ConnectionRef,
  type ConnectorRegistry,
} from '../../connections/connectors/connector.ts';
import { insertEntries, lockAccount, recomputeRunningBalances } from '../transactions/ingest.ts';

// The bank feed of connected accounts: one `bank.sync` job per account and run. The first run takes the
// whole history the consent allows and sets the opening balance so that the account ends on the bank's
// balance; later runs ask from the last sync minus a few days (late bookings), and the provider's
// transaction ids keep anything from coming twice. The job runs in the runner's transaction, so its
// outcome (movements, status, events, the next run) commits at once or not at all.

export const SYNC_JOB = 'bank.sync';
/** Days asked again before the last sync: banks book some movements days after their date. */
export const SYNC_OVERLAP_DAYS = 3;
/** A consent ending within this many days is flagged for renewal. */
export const CONSENT_WARNING_DAYS = 7;
const DAY_MS = 86_400_000;

export interface SyncDeps {
  connectors: ConnectorRegistry;
  /** Hours between two automatic syncs of an account. */
  intervalHours: number;
}

interface SyncTarget {
  account_id: string;
  organization_id: string;
  currency: string;
  provider_account_id: string | null;
  sync_status: string | null;
  last_synced_at: Date | string | null;
  connection_id: string | null;
  connection_name: string | null;
  institution_code: string | null;
  institution: string | null;
  provider: string | null;
  provider_reference: string | null;
  consent_expires_at: Date | string | null;
}

async function targetOf(db: Db, accountId: string): Promise<SyncTarget | null> {
  const [row] = await rows<SyncTarget>(
    db,
    sql`SELECT a.id AS account_id, a.organization_id, a.currency, a.provider_account_id, a.sync_status,
               a.last_synced_at, a.connection_id, a.institution, c.name AS connection_name,
               c.institution_code, c.provider, c.provider_reference, c.consent_expires_at
        FROM treasury_accounts a LEFT JOIN bank_connections c ON c.id = a.connection_id
        WHERE a.id = ${accountId}`,
  );
  return row ?? null;
}

/** Schedules a sync of the account at `dueAt`; returns the job's id. */
export function scheduleSync(
  db: Db | JobTx,
  accountId: string,
  dueAt: Date,
  payload: Record<string, unknown> = {},
): Promise<string> {
  return scheduleJob(db, { kind: SYNC_JOB, subjectId: accountId, dueAt, payload });
}

/**
 * A sync of the account as soon as possible: the one already pending within the next minute (first
 * sync, a refresh asked twice), else a new one due now. Returns the job's id.
 */
export async function requestSync(db: Db, accountId: string, now: Date = new Date()): Promise<string> {
  const [pending] = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM scheduled_jobs
        WHERE kind = ${SYNC_JOB} AND subject_id = ${accountId} AND status = 'pending'
          AND due_at <= ${new Date(now.getTime() + 60_000).toISOString()}
        ORDER BY due_at LIMIT 1`,
  );
  return pending?.id ?? scheduleSync(db, accountId, now);
}

async function accountStatus(
  tx: Db,
  target: SyncTarget,
  status: 'ok' | 'syncing' | 'error' | 'consent_expired',
  error: string | null,
): Promise<void> {
  await tx.execute(sql`
    UPDATE treasury_accounts SET sync_status = ${status}, sync_error = ${error}, updated_at = now()
    WHERE id = ${target.account_id}`);
  await notifyOrganization(tx, target.organization_id, 'UPDATE_ACCOUNT_STATUS', {
    AccountId: target.account_id,
    Status: status,
    ...(target.connection_id ? { ConnectionId: target.connection_id } : {}),
  });
}

/** Marks a syncing account and tells the organization (UPDATE_ACCOUNT_STATUS syncing). */
export async function markSyncing(tx: Db, accountId: string): Promise<void> {
  const target = await targetOf(tx, accountId);
  if (target) await accountStatus(tx, target, 'syncing', null);
}

/**
 * The consent of a connection is gone: the connection shows consent_expired, each of its accounts too,
 * and the organization hears CONNECTION_STATUS_CHANGED, UPDATE_ACCOUNT_STATUS and VAULT_CONNECTION_REFRESHED.
 */
export async function markConsentExpired(
  tx: Db,
  connection: {
    id: string;
    organizationId: string;
    name: string;
    institutionCode: string;
    institutionName: string;
    institutionCountry: string;
  },
  reason: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE bank_connections SET status = 'consent_expired', last_sync_error = ${reason}, updated_at = now()
    WHERE id = ${connection.id}`);
  const accounts = await rows<{ id: string }>(
    tx,
    sql`UPDATE treasury_accounts SET sync_status = 'consent_expired', sync_error = ${reason}, updated_at = now()
        WHERE connection_id = ${connection.id} AND organization_id = ${connection.organizationId}
        RETURNING id`,
  );
  await notifyOrganization(tx, connection.organizationId, 'CONNECTION_STATUS_CHANGED', {
    Status: 'consent_expired',
    ExtraData: {
      ConnectionName: connection.name.slice(0, 200),
      InstitutionName: connection.institutionName.slice(0, 200),
      InstitutionCountry: connection.institutionCountry.slice(0, 2),
      InstitutionCode: connection.institutionCode.slice(0, 100),
      ConnectionId: connection.id,
    },
  });
  for (const account of accounts) {
    await notifyOrganization(tx, connection.organizationId, 'UPDATE_ACCOUNT_STATUS', {
      AccountId: account.id,
      Status: 'consent_expired',
      ConnectionId: connection.id,
    });
  }
  await notifyOrganization(tx, connection.organizationId, 'VAULT_CONNECTION_REFRESHED', {
    ConnectionId: connection.id,
    Status: 'consent_expired',
    OrganizationId: connection.organizationId,
  });
}

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** What one sync did, for the logs and the tests. */
export type SyncOutcome =
  | { kind: 'synced'; imported: number; duplicates: number; balance: number | null }
  | { kind: 'skipped'; reason: string }
  | { kind: 'rate_limited'; retryAt: Date }
  | { kind: 'consent_expired' }
  | { kind: 'failed'; error: string };

/** One sync of one account, inside `tx` (the job's transaction). */
export async function syncAccount(
  deps: SyncDeps,
  tx: Db,
  accountId: string,
  now: Date,
): Promise<SyncOutcome> {
  const target = await targetOf(tx, accountId);
  if (!target?.connection_id || !target.provider_account_id) {
    return { kind: 'skipped', reason: 'not a connected account' };
  }
  if (target.sync_status === 'disconnected' || target.sync_status === 'consent_expired') {
    return { kind: 'skipped', reason: target.sync_status };
  }
  const fixed = deps.connectors.find(target.institution_code ?? '');
  const connectionInfo = {
    id: target.connection_id,
    organizationId: target.organization_id,
    name: target.connection_name ?? '',
    institutionCode: target.institution_code ?? '',
    institutionName: fixed?.institution.name ?? target.institution ?? target.institution_code ?? '',
    institutionCountry: fixed?.institution.country ?? '',
  };
  const next = () =>
    scheduleSync(tx, target.account_id, new Date(now.getTime() + deps.intervalHours * 3_600_000));
  const connector = deps.connectors.byProvider(target.provider ?? '');
  if (!connector) {
    await accountStatus(tx, target, 'error', 'AGGREGATOR_NOT_CONFIGURED');
    return { kind: 'failed', error: 'AGGREGATOR_NOT_CONFIGURED' };
  }
  if (target.consent_expires_at && new Date(target.consent_expires_at).getTime() <= now.getTime()) {
    await markConsentExpired(tx, connectionInfo, 'The consent given at the bank has ended.');
    return { kind: 'consent_expired' };
  }
  const first = target.last_synced_at === null;
  const dateFrom = first
    ? null
    : isoDay(new Date(target.last_synced_at!).getTime() - SYNC_OVERLAP_DAYS * DAY_MS);
  const ref: ConnectionRef = {
    connectionId: target.connection_id,
    institutionCode: target.institution_code ?? '',
    reference: target.provider_reference,
  };
  let feed: Awaited<ReturnType<typeof connector.fetchAccount>>;
  try {
    feed = await connector.fetchAccount(ref, target.provider_account_id, dateFrom);
  } catch (error) {
    if (!(error instanceof BankFeedError)) throw error;
    if (error.kind === 'consent_expired') {
      await markConsentExpired(tx, connectionInfo, error.message.slice(0, 500));
      return { kind: 'consent_expired' };
    }
    if (error.kind === 'rate_limited') {
      // The bank's quota: wait what it says (a minute at least, a day at most); the sync window stays
      // where it was (last_synced_at unchanged), so nothing is skipped.
      const seconds = Math.min(Math.max(error.retryAfterSeconds ?? 3600, 60), 86_400);
      const retryAt = new Date(now.getTime() + seconds * 1000);
      await accountStatus(tx, target, 'error', `Rate-limited until ${retryAt.toISOString()}.`);
      await scheduleSync(tx, target.account_id, retryAt);
      return { kind: 'rate_limited', retryAt };
    }
    const message = error.message.slice(0, 500);
    await accountStatus(tx, target, 'error', message);
    await tx.execute(sql`
      UPDATE bank_connections SET last_sync_error = ${message}, updated_at = now() WHERE id = ${target.connection_id}`);
    await next();
    return { kind: 'failed', error: message };
  }
  const imported = await importFeed(tx, target, feed.entries, feed.balance, first, now);
  await tx.execute(sql`
    UPDATE bank_connections SET last_synced_at = ${now.toISOString()}, last_sync_error = NULL, updated_at = now()
    WHERE id = ${target.connection_id}`);
  await accountStatus(tx, target, 'ok', null);
  await next();
  return { kind: 'synced', ...imported, balance: feed.balance?.amount ?? null };
}

/** Writes a sync run as a treasury import (format sync) and its movements through the ingest path. */
async function importFeed(
  tx: Db,
  target: SyncTarget,
  entries: StatementEntry[],
  balance: { amount: number; date: string } | null,
  first: boolean,
  now: Date,
): Promise<{ imported: number; duplicates: number }> {
  const account = await lockAccount(tx, target.organization_id, target.account_id);
  // Movements in another currency than the account's cannot be added to its balance.
  const usable = entries.filter((entry) => !entry.currency || entry.currency === account.currency);
  const dates = usable.map((entry) => entry.bookingDate).sort();
  const [importRow] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO treasury_imports (organization_id, account_id, format, status, period_from, period_to,
          statement_closing_balance)
        VALUES (${target.organization_id}, ${target.account_id}, 'sync', 'processing', ${dates[0] ?? null},
          ${dates.at(-1) ?? null}, ${balance?.amount ?? null})
        RETURNING id`,
  );
  const result = await insertEntries(tx, {
    account,
    entries: usable,
    source: 'sync',
    importId: importRow!.id,
  });
  if (first && balance) {
    // The history is all there is: the opening balance is what the bank's balance leaves after it.
    const [sums] = await rows<{ total: string | number; first_day: string | null }>(
      tx,
      sql`SELECT coalesce(sum(amount), 0) AS total, min(booking_date)::text AS first_day
          FROM treasury_transactions WHERE account_id = ${account.id}`,
    );
    const opening = balance.amount - Number(sums?.total ?? 0);
    const openingDate = sums?.first_day ?? balance.date;
    await tx.execute(sql`
      UPDATE treasury_accounts SET opening_balance = ${opening}, opening_date = ${openingDate}
      WHERE id = ${account.id}`);
    await recomputeRunningBalances(tx, { id: account.id, openingBalance: opening }, null);
  }
  await tx.execute(sql`
    UPDATE treasury_accounts
    SET last_synced_at = ${now.toISOString()},
        bank_balance = coalesce(${balance?.amount ?? null}::bigint, bank_balance),
        bank_balance_date = coalesce(${balance?.date ?? null}::date, bank_balance_date)
    WHERE id = ${account.id}`);
  const skipped = entries.length - usable.length;
  await tx.execute(sql`
    UPDATE treasury_imports
    SET status = 'done', imported = ${result.insertedIds.length}, duplicates = ${result.duplicates},
        rejected = ${skipped > 0 ? JSON.stringify([{ line: null, code: 'CURRENCY_MISMATCH', message: `${skipped} movements in another currency` }]) : null}::jsonb,
        finished_at = now()
    WHERE id = ${importRow!.id}`);
  if (result.insertedIds.length > 0) {
    await notifyOrganization(tx, target.organization_id, 'UPDATE_STATEMENT', {
      StatementId: importRow!.id,
      AccountId: account.id,
      OrganizationId: target.organization_id,
    });
  }
  return { imported: result.insertedIds.length, duplicates: result.duplicates };
}

/** The job handlers of the bank feed, for the runner (and the tests, through runDueJobs). */
export function syncJobHandlers(deps: SyncDeps) {
  return {
    [SYNC_JOB]: async (tx: JobTx, job: JobRow, now: Date) => {
      await syncAccount(deps, tx as unknown as Db, job.subject_id, now);
    },
  };
}

/**
 * The periodic part: every connected account that is neither disconnected nor waiting for a renewed
 * consent has a sync pending; one that has none (first discovery, a failed job) gets one now.
 */
export async function ensureSyncJobs(db: Db, now: Date = new Date()): Promise<number> {
  const missing = await rows<{ id: string }>(
    db,
    sql`SELECT a.id FROM treasury_accounts a
        JOIN bank_connections c ON c.id = a.connection_id
        WHERE a.provider_account_id IS NOT NULL AND c.status = 'connected'
          AND coalesce(a.sync_status, 'ok') NOT IN ('disconnected', 'consent_expired')
          AND NOT EXISTS (SELECT 1 FROM scheduled_jobs j
                          WHERE j.kind = ${SYNC_JOB} AND j.subject_id = a.id AND j.status = 'pending')
        LIMIT 500`,
  );
  for (const account of missing) await scheduleSync(db, account.id, now);
  return missing.length;
}
