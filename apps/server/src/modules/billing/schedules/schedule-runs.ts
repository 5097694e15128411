import { addDays, type ScheduleRun, ZScheduleTemplate } from '@fluxo/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, rows } from '../../../db/client.ts';
import {
  billingDocuments,
  billingScheduleRuns,
  billingSchedules,
  billingSeries,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { type JobHandler, type JobTx, runDueJobs, scheduleJob } from '../../../platform/jobs.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import * as documents from '../documents.service.ts';
import { occurrences, startOfDateIn, todayIn } from './schedule-dates.ts';
import { loadSchedule, organizationClock, runsOf, type ScheduleRow } from './schedules.service.ts';

// Producing what a schedule bills. Each (schedule, date) is produced exactly once, whatever the number
// of server instances: the run row's unique key (schedule_id, run_date) is inserted in the same
// transaction as the document, under the schedule's row lock — a second instance either waits for the
// lock and then finds the date billed and the next date moved on, or loses the insert (ON CONFLICT DO
// NOTHING) and produces nothing.

export const SCHEDULE_JOB = 'billing.schedule.run';

/** At most this many missed dates are billed in one catch-up (a server down for long, a start in the past): the latest ones. */
export const MAX_CATCH_UP = 12;

export interface ScheduleDeps {
  db: Db;
  documents: documents.DocumentsDeps;
  /** E-mails an issued document to its customer (the PDF part's send); absent: no e-mail is sent. */
  sendDocument?: (organizationId: string, documentId: string) => Promise<void>;
  log?: FastifyBaseLogger;
}

/** What a run produced, and what to do once it is committed (the e-mail). */
interface Produced {
  run: { id: string; runDate: string; documentId: string | null; error: string | null };
  email: { organizationId: string; documentId: string } | null;
}

function errorText(error: unknown): string {
  if (error instanceof AppError) return `${error.code}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Bills one date of a schedule inside `tx` (which holds the schedule's row lock). Returns null when the
 * date was billed already. A failure (series not registered, a product gone…) rolls back to a savepoint
 * and is recorded on the run, so one broken schedule never stops the others.
 */
async function produceRun(
  deps: ScheduleDeps,
  tx: Db,
  schedule: ScheduleRow,
  runDate: string,
  today: string,
): Promise<Produced | null> {
  const [inserted] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO billing_schedule_runs (organization_id, schedule_id, run_date)
        VALUES (${schedule.organizationId}, ${schedule.id}, ${runDate})
        ON CONFLICT (schedule_id, run_date) DO NOTHING RETURNING id`,
  );
  if (!inserted) return null;
  const organizationId = schedule.organizationId;
  try {
    const documentId = await tx.transaction(async (savepoint) => {
      const sp = savepoint as unknown as Db;
      const template = ZScheduleTemplate.parse(schedule.template);
      // A catch-up date earlier than the series' last document cannot be issued with that date (the
      // numbering follows the dates): it is dated today instead, the day it is really issued.
      const [series] = await sp
        .select({ lastDocumentDate: billingSeries.lastDocumentDate })
        .from(billingSeries)
        .where(eq(billingSeries.id, schedule.seriesId));
      const documentDate = series?.lastDocumentDate && series.lastDocumentDate > runDate ? today : runDate;
      const draft = await documents.createDocument(
        deps.documents,
        sp,
        organizationId,
        schedule.createdBy as string,
        {
          seriesId: schedule.seriesId,
          partyId: schedule.partyId,
          documentDate,
          ...(template.dueDays != null ? { dueDate: addDays(documentDate, template.dueDays) } : {}),
          ...(template.taxRegion ? { taxRegion: template.taxRegion } : {}),
          lines: template.lines.map((line) => ({
            productId: line.productId ?? null,
            ...(line.description ? { description: line.description } : {}),
            quantity: line.quantity,
            ...(line.unitPrice !== undefined ? { unitPrice: line.unitPrice } : {}),
            discountBasisPoints: line.discountBasisPoints,
            ...(line.taxCode ? { taxCode: line.taxCode } : {}),
            ...(line.exemptionCode ? { exemptionCode: line.exemptionCode } : {}),
            subjectToWithholding: false,
          })),
          withholdingBasisPoints: template.withholdingBasisPoints,
          notes: template.notes ?? null,
          issue: false,
        },
      );
      await sp
        .update(billingDocuments)
        .set({ scheduleId: schedule.id })
        .where(and(eq(billingDocuments.organizationId, organizationId), eq(billingDocuments.id, draft.id)));
      if (schedule.action === 'issue')
        await documents.issueDocument(deps.documents, sp, organizationId, draft.id);
      else
        await notifyOrganization(sp, organizationId, 'BILLING_DOCUMENT_CREATED', {
          DocumentId: draft.id,
          OrganizationId: organizationId,
        });
      return draft.id;
    });
    await tx.update(billingScheduleRuns).set({ documentId }).where(eq(billingScheduleRuns.id, inserted.id));
    return {
      run: { id: inserted.id, runDate, documentId, error: null },
      email: schedule.action === 'issue' && schedule.sendEmail ? { organizationId, documentId } : null,
    };
  } catch (error) {
    const message = errorText(error).slice(0, 1000);
    await tx
      .update(billingScheduleRuns)
      .set({ error: message })
      .where(eq(billingScheduleRuns.id, inserted.id));
    deps.log?.warn({ scheduleId: schedule.id, runDate, error: message }, 'a billing schedule run failed');
    return { run: { id: inserted.id, runDate, documentId: null, error: message }, email: null };
  }
}

/** Sends the e-mails of committed runs; a failure is written on the run, the document stays issued. */
async function sendEmails(deps: ScheduleDeps, produced: Produced[]): Promise<void> {
  for (const { run, email } of produced) {
    if (!email) continue;
    if (!deps.sendDocument) {
      await deps.db
        .update(billingScheduleRuns)
        .set({ error: 'EMAIL_NOT_SENT: e-mail sending is not available on this server.' })
        .where(eq(billingScheduleRuns.id, run.id));
      continue;
    }
    try {
      await deps.sendDocument(email.organizationId, email.documentId);
    } catch (error) {
      await deps.db
        .update(billingScheduleRuns)
        .set({ error: `EMAIL_NOT_SENT: ${errorText(error)}`.slice(0, 1000) })
        .where(eq(billingScheduleRuns.id, run.id));
    }
  }
}

/**
 * Bills what is due for one schedule at `now` inside `tx`: every date from its next date up to today
 * in the organization's time zone (the latest MAX_CATCH_UP of them when more were missed), then moves
 * the next date on and schedules the job for it.
 */
async function billDueDates(deps: ScheduleDeps, tx: Db, scheduleId: string, now: Date): Promise<Produced[]> {
  const [locked] = await tx
    .select()
    .from(billingSchedules)
    .where(eq(billingSchedules.id, scheduleId))
    .for('update');
  if (!locked?.active || locked.nextDate === null) return [];
  const { timeZone } = await organizationClock(tx, locked.organizationId);
  const today = todayIn(timeZone, now);
  if (locked.nextDate > today) {
    await scheduleNext(tx, locked, timeZone);
    return [];
  }
  const dueUntil = locked.endDate && locked.endDate < today ? locked.endDate : today;
  const due = occurrences({ ...locked, endDate: dueUntil }, locked.nextDate, 100_000);
  const produced: Produced[] = [];
  // Documents are issued as of the job's clock (their system entry time and "not in the future" check).
  const atNow = { ...deps, documents: { ...deps.documents, now: () => now } };
  for (const runDate of due.slice(-MAX_CATCH_UP)) {
    const result = await produceRun(atNow, tx, locked, runDate, today);
    if (result) produced.push(result);
  }
  const nextDate = occurrences(locked, addDays(today, 1), 1)[0] ?? null;
  const [updated] = await tx
    .update(billingSchedules)
    .set({ nextDate, updatedAt: now })
    .where(eq(billingSchedules.id, scheduleId))
    .returning();
  await scheduleNext(tx, updated as ScheduleRow, timeZone);
  return produced;
}

async function scheduleNext(tx: Db | JobTx, schedule: ScheduleRow, timeZone: string): Promise<void> {
  if (!schedule.active || schedule.nextDate === null) return;
  await scheduleJob(tx, {
    kind: SCHEDULE_JOB,
    subjectId: schedule.id,
    dueAt: startOfDateIn(schedule.nextDate, timeZone),
  });
}

/**
 * The job: one per schedule and next date, in `scheduled_jobs` (platform/jobs.ts), so that it survives
 * restarts and runs once with several instances. What is to be e-mailed is collected in `toEmail`, and
 * sent once the job's transaction has committed.
 */
export function scheduleJobHandlers(deps: ScheduleDeps, toEmail: Produced[]): Record<string, JobHandler> {
  return {
    [SCHEDULE_JOB]: async (tx, job, now) => {
      const produced = await billDueDates(deps, tx as unknown as Db, job.subject_id, now);
      toEmail.push(...produced.filter((item) => item.email));
    },
  };
}

/** Every active schedule with a next date and no pending job gets one (schedules created, edited, resumed, seeded). */
export async function ensureScheduleJobs(db: Db): Promise<number> {
  const missing = await rows<{ id: string; next_date: string; country: string }>(
    db,
    sql`SELECT s.id, s.next_date::text AS next_date, o.country FROM billing_schedules s
        JOIN organizations o ON o.id = s.organization_id
        WHERE s.active AND s.next_date IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM scheduled_jobs j WHERE j.kind = ${SCHEDULE_JOB}
                          AND j.subject_id = s.id AND j.status = 'pending')`,
  );
  for (const schedule of missing) {
    const timeZone = schedule.country.trim() === 'AO' ? 'Africa/Luanda' : 'Europe/Lisbon';
    await scheduleJob(db, {
      kind: SCHEDULE_JOB,
      subjectId: schedule.id,
      dueAt: startOfDateIn(schedule.next_date, timeZone),
    });
  }
  return missing.length;
}

/** One pass: schedules the missing jobs, runs the due ones, then sends their e-mails. */
export async function runDueSchedules(
  deps: ScheduleDeps,
  options: { now?: Date; worker?: string; stopping?: () => boolean } = {},
): Promise<{ ran: number; failed: number }> {
  await ensureScheduleJobs(deps.db);
  const toEmail: Produced[] = [];
  const outcome = await runDueJobs(deps.db, scheduleJobHandlers(deps, toEmail), {
    ...(options.now ? { now: options.now } : {}),
    ...(options.worker ? { worker: options.worker } : {}),
    ...(options.stopping ? { stopping: options.stopping } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  await sendEmails(deps, toEmail);
  return outcome;
}

/** A pass at start, then one every `intervalMs` (one at a time); stop() lets the pass in hand finish. */
export function startScheduleRunner(deps: ScheduleDeps, intervalMs: number): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const poll = () => {
    if (running || stopped) return;
    running = runDueSchedules(deps, { stopping: () => stopped })
      .catch((error) => deps.log?.error({ err: error }, 'billing schedules pass failed'))
      .finally(() => {
        running = null;
      });
  };
  poll();
  const timer = setInterval(poll, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
/**
 * "Run now": bills today at once (once per day and schedule), whatever the next date. When today is
 * the next date, the schedule moves on; an earlier run leaves the next date as it was.
 */
export async function runScheduleNow(
  deps: ScheduleDeps,
  tx: Db,
  organizationId: string,
  scheduleId: string,
): Promise<{ run: ScheduleRun; after: () => Promise<void> }> {
  const schedule = await loadSchedule(tx, organizationId, scheduleId, true);
  const { timeZone } = await organizationClock(tx, organizationId);
  const today = todayIn(timeZone, deps.documents.now?.() ?? new Date());
  if (schedule.nextDate === null || (schedule.endDate && schedule.endDate < today))
    throw new AppError('SCHEDULE_ENDED', 'This schedule has ended.');
  const produced = await produceRun(deps, tx, schedule, today, today);
  if (!produced) throw new AppError('SCHEDULE_ALREADY_RAN', "Today's document was already produced.");
  if (schedule.nextDate <= today) {
    const nextDate = occurrences(schedule, addDays(today, 1), 1)[0] ?? null;
    const [updated] = await tx
      .update(billingSchedules)
      .set({ nextDate, updatedAt: new Date() })
      .where(eq(billingSchedules.id, schedule.id))
      .returning();
    await scheduleNext(tx, updated as ScheduleRow, timeZone);
  }
  const run = (await runsOf(tx, organizationId, scheduleId)).find((item) => item.id === produced.run.id);
  return { run: run as ScheduleRun, after: () => sendEmails(deps, [produced]) };
}
