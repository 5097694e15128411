import { digestText, isLanguage, notificationText } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type JobHandler, runDueJobs, scheduleJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mail.ts';
import { type Executor, query } from '../../platform/tx.ts';
import { purgeAudit } from '../audit/audit.service.ts';

/**
 * The daily jobs of the audit log and notifications (docs/jobs.md), one of each kind per UTC day,
 * due at DAILY_HOUR: the audit retention purge, the e-mail digest of the notifications users want by
 * e-mail, and the daily checks business modules hand in (`checks`: billing's overdue documents,
 * treasury's expiring bank consents), which create notifications with `notify`.
 */
export const AUDIT_PURGE_JOB = 'audit.purge';
export const DIGEST_JOB = 'notifications.digest';
/** The subject of the daily jobs (they concern every organization): a fixed id. */
const EVERYONE = '00000000-0000-4000-8000-00000000a0d1';
const DAILY_HOUR = 6;
/** A daily check of a business module: creates the notifications it finds due, in the job's transaction. */
export type DailyCheck = (tx: Executor, now: Date) => Promise<unknown>;

export interface NotificationJobDeps {
  db: Db;
  mailer: Mailer;
  log?: FastifyBaseLogger;
  /** Job kind → check (e.g. `billing.overdue` → notifyOverdueDocuments). */
  checks?: Record<string, DailyCheck>;
}

interface DigestMail {
  to: string;
  subject: string;
  text: string;
}

/** Schedules today's run of each daily job (once: the (kind, subject, due) key is unique). */
export async function ensureDailyJobs(
  db: Db,
  kinds: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  const due = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DAILY_HOUR));
  for (const kind of kinds) await scheduleJob(db, { kind, subjectId: EVERYONE, dueAt: due });
}

/** One mail per user with notifications to send by e-mail, in their language; marks them sent. */
export async function collectDigests(tx: Executor): Promise<DigestMail[]> {
  const pending = await query<{
    id: string;
    user_id: string;
    email: string;
    name: string;
    language: string;
    kind: string;
    params: Record<string, unknown>;
    link: string | null;
  }>(
    tx,
    sql`UPDATE notifications n SET emailed_at = now()
        FROM users u
        WHERE u.id = n.user_id AND n.email AND n.emailed_at IS NULL AND NOT u.disabled
        RETURNING n.id::text, n.user_id, u.email, u.name, u.language, n.kind, n.params, n.link`,
  );
  const byUser = new Map<string, typeof pending>();
  for (const row of pending) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return [...byUser.values()].map((items) => {
    const first = items[0]!;
    const language = isLanguage(first.language) ? first.language : 'gb';
    const lines = items
      .sort((a, b) => Number(a.id) - Number(b.id))
      .map((item) => {
        const { title, body } = notificationText(item.kind, item.params, language);
        return `- ${title}: ${body}`;
      });
    return {
      to: first.email,
      subject: digestText(language, 'DIGEST_SUBJECT', { count: items.length }),
      text: `${digestText(language, 'DIGEST_INTRO', { name: first.name })}\n${lines.join('\n')}\n${digestText(language, 'DIGEST_OUTRO', {})}`,
    };
  });
}

function handlers(checks: Record<string, DailyCheck>, mails: DigestMail[]): Record<string, JobHandler> {
  return {
    [AUDIT_PURGE_JOB]: async (tx, _job, now) => {
      await purgeAudit(tx, now);
    },
    ...Object.fromEntries(
      Object.entries(checks).map(([kind, check]): [string, JobHandler] => [
        kind,
        async (tx, _job, now) => {
          await check(tx, now);
        },
      ]),
    ),
    // Last in the day's order (same due time, then id): today's notifications make today's digest.
    [DIGEST_JOB]: async (tx) => {
      mails.push(...(await collectDigests(tx)));
    },
  };
}

/** One pass: schedules today's jobs, runs the due ones, then sends the digests they collected. */
export async function runNotificationJobs(
  deps: NotificationJobDeps,
  options: { now?: Date; stopping?: () => boolean } = {},
): Promise<{ ran: number; failed: number; mailed: number }> {
  const now = options.now ?? new Date();
  const checks = deps.checks ?? {};
  await ensureDailyJobs(deps.db, [AUDIT_PURGE_JOB, ...Object.keys(checks), DIGEST_JOB], now);
  const mails: DigestMail[] = [];
  const outcome = await runDueJobs(deps.db, handlers(checks, mails), {
    now,
    ...(options.stopping ? { stopping: options.stopping } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  let mailed = 0;
  for (const mail of mails) {
    try {
      await deps.mailer.send(mail);
      mailed++;
    } catch (error) {
      deps.log?.error({ err: error, to: mail.to }, 'notification digest mail failed');
    }
  }
  return { ...outcome, mailed };
}

/** A pass every `intervalMs` (one at a time); stop() lets the pass in hand finish. */
export function startNotificationJobs(
  deps: NotificationJobDeps,
  intervalMs: number,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = runNotificationJobs(deps, { stopping: () => stopped })
      .catch((error) => deps.log?.error({ err: error }, 'notification jobs pass failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
