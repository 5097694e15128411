import {
  addDays,
  type BillingSchedule,
  type ContractBody,
  type createScheduleContract,
  frequencyOf,
  lineNet,
  type previewScheduleContract,
  SCHEDULE_DOCUMENT_TYPES,
  type ScheduleRun,
  type ScheduleTemplate,
  type ScheduleTemplateInput,
  type updateScheduleContract,
  ZScheduleTemplate,
} from '@fluxo/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Db, rows } from '../../../db/client.ts';
import {
  billingDocuments,
  billingScheduleRuns,
  billingSchedules,
  billingSeries,
  organizations,
} from '../../../db/schema.ts';
import { AppError } from '../../../platform/errors.ts';
import { notifyOrganization } from '../../../realtime/notify.ts';
import { partyOf, productsOf } from '../parties-products.service.ts';
import { checkRule, nextOccurrence, occurrences, timeZoneOfCountry, todayIn } from './schedule-dates.ts';

// Recurring billing: what the organization bills a customer on a schedule (billing_schedules) and what
// each date produced (billing_schedule_runs). Producing a run lives in schedule-runs.ts.

export type ScheduleRow = typeof billingSchedules.$inferSelect;

/** The organization's time zone and currency, which fix "today" and the amounts. */
export async function organizationClock(db: Db, organizationId: string) {
  const [org] = await db
    .select({ country: organizations.country, currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  return { timeZone: timeZoneOfCountry(org.country), currency: org.currency.trim() };
}

export async function loadSchedule(
  db: Db,
  organizationId: string,
  id: string,
  lock = false,
): Promise<ScheduleRow> {
  const query = db
    .select()
    .from(billingSchedules)
    .where(and(eq(billingSchedules.organizationId, organizationId), eq(billingSchedules.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', 'No such schedule.');
  return row;
}

function statusOf(row: ScheduleRow): BillingSchedule['status'] {
  if (row.nextDate === null) return 'ended';
  return row.active ? 'active' : 'paused';
}

/** The net of one run at today's prices (the template's own price, else the product's), as documents round it. */
function netAmountOf(template: ScheduleTemplate, productPrices: Map<string, number>): number {
  let total = 0;
  for (const line of template.lines) {
    const unitPrice = line.unitPrice ?? (line.productId ? productPrices.get(line.productId) : 0) ?? 0;
    total += lineNet({ quantity: line.quantity, unitPrice, discountBasisPoints: line.discountBasisPoints });
  }
  return total;
}

async function toSchedules(db: Db, organizationId: string, found: ScheduleRow[]): Promise<BillingSchedule[]> {
  if (found.length === 0) return [];
  const { currency } = await organizationClock(db, organizationId);
  const ids = found.map((row) => row.id);
  const names = await rows<{ id: string; name: string }>(
    db,
    sql`SELECT id, name FROM billing_parties WHERE organization_id = ${organizationId}
        AND id IN ${[...new Set(found.map((row) => row.partyId))]}`,
  );
  const series = await rows<{ id: string; code: string }>(
    db,
    sql`SELECT id, code FROM billing_series WHERE organization_id = ${organizationId}
        AND id IN ${[...new Set(found.map((row) => row.seriesId))]}`,
  );
  const counts = await rows<{ schedule_id: string; documents: number }>(
    db,
    sql`SELECT schedule_id, count(document_id)::int AS documents FROM billing_schedule_runs
        WHERE organization_id = ${organizationId} AND schedule_id IN ${ids} GROUP BY schedule_id`,
  );
  const partyName = new Map(names.map((row) => [row.id, row.name]));
  const seriesCode = new Map(series.map((row) => [row.id, row.code]));
  const documentCount = new Map(counts.map((row) => [row.schedule_id, Number(row.documents)]));
  const templates = new Map(found.map((row) => [row.id, ZScheduleTemplate.parse(row.template)]));
  const products = await productsOf(db, organizationId, [
    ...new Set(
      [...templates.values()].flatMap((template) => template.lines.flatMap((line) => line.productId ?? [])),
    ),
  ]);
  const productPrices = new Map([...products.values()].map((product) => [product.id, product.unitPrice]));
  return found.map((row) => {
    const template = templates.get(row.id) as ScheduleTemplate;
    return {
      id: row.id,
      name: row.name,
      partyId: row.partyId,
      partyName: partyName.get(row.partyId) ?? '',
      seriesId: row.seriesId,
      seriesCode: seriesCode.get(row.seriesId) ?? '',
      documentType: row.documentType as BillingSchedule['documentType'],
      rrule: row.rrule,
      frequency: frequencyOf(row.rrule, row.startDate),
      startDate: row.startDate,
      endDate: row.endDate,
      nextDate: row.nextDate,
      action: row.action as BillingSchedule['action'],
      sendEmail: row.sendEmail,
      template,
      netAmount: netAmountOf(template, productPrices),
      currency,
      status: statusOf(row),
      documentCount: documentCount.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function listSchedules(db: Db, organizationId: string): Promise<BillingSchedule[]> {
  const found = await db
    .select()
    .from(billingSchedules)
    .where(eq(billingSchedules.organizationId, organizationId))
    .orderBy(asc(billingSchedules.name), asc(billingSchedules.id));
  return toSchedules(db, organizationId, found);
}

export async function runsOf(db: Db, organizationId: string, scheduleId: string): Promise<ScheduleRun[]> {
  const found = await db
    .select({
      id: billingScheduleRuns.id,
      runDate: billingScheduleRuns.runDate,
      documentId: billingScheduleRuns.documentId,
      error: billingScheduleRuns.error,
      createdAt: billingScheduleRuns.createdAt,
      documentNumber: billingDocuments.documentNumber,
      documentState: billingDocuments.state,
      grossTotal: billingDocuments.grossTotal,
    })
    .from(billingScheduleRuns)
    .leftJoin(
      billingDocuments,
      and(
        eq(billingDocuments.id, billingScheduleRuns.documentId),
        eq(billingDocuments.organizationId, organizationId),
      ),
    )
    .where(
      and(
        eq(billingScheduleRuns.organizationId, organizationId),
        eq(billingScheduleRuns.scheduleId, scheduleId),
      ),
    )
    .orderBy(desc(billingScheduleRuns.runDate))
    .limit(500);
  return found.map((run) => ({
    id: run.id,
    runDate: run.runDate,
    documentId: run.documentId,
    documentNumber: run.documentNumber ?? null,
    documentState: (run.documentState as ScheduleRun['documentState']) ?? null,
    grossTotal: run.grossTotal ?? null,
    error: run.error,
    createdAt: run.createdAt.toISOString(),
  }));
}

export async function getSchedule(db: Db, organizationId: string, id: string) {
  const row = await loadSchedule(db, organizationId, id);
  const [schedule] = await toSchedules(db, organizationId, [row]);
  return { ...(schedule as BillingSchedule), runs: await runsOf(db, organizationId, id) };
}

/** The series must be the organization's, open, and of a type a schedule produces. */
async function checkSeries(db: Db, organizationId: string, seriesId: string) {
  const [series] = await db
    .select()
    .from(billingSeries)
    .where(and(eq(billingSeries.organizationId, organizationId), eq(billingSeries.id, seriesId)));
  if (!series) throw new AppError('NOT_FOUND', 'No such series.');
  if (series.closed) throw new AppError('SERIES_CLOSED', 'This series is closed.');
  if (!(SCHEDULE_DOCUMENT_TYPES as readonly string[]).includes(series.documentType))
    throw new AppError('VALIDATION_FAILED', 'A schedule produces invoices (FT, FS or FR).', [
      { path: 'seriesId', messageKey: 'VALIDATION.INVALID', message: 'Not an invoice series' },
    ]);
  return series;
}

/** The template's products must be the organization's; a line without one needs a description and a price. */
async function checkTemplate(
  db: Db,
  organizationId: string,
  template: ScheduleTemplateInput,
): Promise<ScheduleTemplate> {
  const products = await productsOf(
    db,
    organizationId,
    template.lines.flatMap((line) => (line.productId ? [line.productId] : [])),
  );
  template.lines.forEach((line, index) => {
    if (line.productId && !products.has(line.productId))
      throw new AppError('NOT_FOUND', `Line ${index + 1}: no such product.`);
    if (!line.productId && (!line.description || line.unitPrice === undefined))
      throw new AppError(
        'VALIDATION_FAILED',
        `Line ${index + 1} needs a product, or a description and a price.`,
        [
          {
            path: `template.lines.${index}.description`,
            messageKey: 'VALIDATION.REQUIRED',
            message: 'Required',
          },
        ],
      );
    if (
      line.taxCode === 'ISE' &&
      !line.exemptionCode &&
      products.get(line.productId ?? '')?.exemptionCode == null
    )
      throw new AppError('VALIDATION_FAILED', `Line ${index + 1}: an exempt line needs its M-code.`, [
        {
          path: `template.lines.${index}.exemptionCode`,
          messageKey: 'ERRORS.EXEMPTION_REQUIRED',
          message: 'Exemption code required',
        },
      ]);
  });
  return ZScheduleTemplate.parse(template);
}

/** The first date to bill from `from` on: the schedule's next occurrence, null once there is none. */
function firstDate(schedule: { rrule: string; startDate: string; endDate: string | null }, from: string) {
  return nextOccurrence(schedule, from);
}

export async function createSchedule(
  db: Db,
  organizationId: string,
  userId: string,
  body: ContractBody<typeof createScheduleContract>,
): Promise<BillingSchedule> {
  const rrule = checkRule(body);
  return db.transaction(async (tx) => {
    const party = await partyOf(tx, organizationId, body.partyId);
    if (!party.isCustomer)
      throw new AppError('VALIDATION_FAILED', 'A schedule bills a customer.', [
        { path: 'partyId', messageKey: 'VALIDATION.INVALID', message: 'Not a customer' },
      ]);
    const series = await checkSeries(tx, organizationId, body.seriesId);
    const template = await checkTemplate(tx, organizationId, body.template);
    const endDate = body.endDate ?? null;
    const [row] = await tx
      .insert(billingSchedules)
      .values({
        organizationId,
        name: body.name,
        partyId: party.id,
        seriesId: series.id,
        documentType: series.documentType,
        rrule,
        startDate: body.startDate,
        endDate,
        nextDate: firstDate({ rrule, startDate: body.startDate, endDate }, body.startDate),
        action: body.action,
        sendEmail: body.sendEmail,
        template,
        createdBy: userId,
      })
      .returning();
    const created = row as ScheduleRow;
    await notifyOrganization(tx, organizationId, 'BILLING_SUBSCRIPTION_CREATED', {
      SubscriptionId: created.id,
      OrganizationId: organizationId,
    });
    const [schedule] = await toSchedules(tx, organizationId, [created]);
    return schedule as BillingSchedule;
  });
}

/**
 * Edits what future runs produce (lines and prices, series, action) and when. Documents already
 * produced never change; a new rule or start date moves the next date to the first one not yet billed.
 */
export async function updateSchedule(
  db: Db,
  organizationId: string,
  id: string,
  body: ContractBody<typeof updateScheduleContract>,
): Promise<BillingSchedule> {
  return db.transaction(async (tx) => {
    const current = await loadSchedule(tx, organizationId, id, true);
    const next = {
      rrule: body.rrule ?? current.rrule,
      startDate: body.startDate ?? current.startDate,
      endDate: body.endDate !== undefined ? body.endDate : current.endDate,
    };
    const rrule = checkRule(next);
    const series = body.seriesId ? await checkSeries(tx, organizationId, body.seriesId) : null;
    const template = body.template ? await checkTemplate(tx, organizationId, body.template) : null;
    let nextDate = current.nextDate;
    if (body.rrule !== undefined || body.startDate !== undefined || body.endDate !== undefined) {
      const { timeZone } = await organizationClock(tx, organizationId);
      const today = todayIn(timeZone, new Date());
      const [lastRun] = await tx
        .select({ runDate: billingScheduleRuns.runDate })
        .from(billingScheduleRuns)
        .where(eq(billingScheduleRuns.scheduleId, id))
        .orderBy(desc(billingScheduleRuns.runDate))
        .limit(1);
      // Never bill again a date already billed; once billing has begun, dates gone by stay unbilled.
      const from = lastRun ? [addDays(lastRun.runDate, 1), today].sort()[1]! : next.startDate;
      nextDate = firstDate({ ...next, rrule }, from);
    }
    const [row] = await tx
      .update(billingSchedules)
      .set({
        name: body.name ?? current.name,
        rrule,
        startDate: next.startDate,
        endDate: next.endDate,
        nextDate,
        ...(series ? { seriesId: series.id, documentType: series.documentType } : {}),
        action: body.action ?? current.action,
        sendEmail: body.sendEmail ?? current.sendEmail,
        template: template ?? current.template,
        updatedAt: new Date(),
      })
      .where(eq(billingSchedules.id, id))
      .returning();
    const [schedule] = await toSchedules(tx, organizationId, [row as ScheduleRow]);
    return schedule as BillingSchedule;
  });
}

export async function pauseSchedule(db: Db, organizationId: string, id: string): Promise<BillingSchedule> {
  return db.transaction(async (tx) => {
    await loadSchedule(tx, organizationId, id, true);
    const [row] = await tx
      .update(billingSchedules)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(billingSchedules.id, id))
      .returning();
    const [schedule] = await toSchedules(tx, organizationId, [row as ScheduleRow]);
    return schedule as BillingSchedule;
  });
}

/** Resumes from the first date on or after today: what fell due while paused is not billed. */
export async function resumeSchedule(db: Db, organizationId: string, id: string): Promise<BillingSchedule> {
  return db.transaction(async (tx) => {
    const current = await loadSchedule(tx, organizationId, id, true);
    const { timeZone } = await organizationClock(tx, organizationId);
    const today = todayIn(timeZone, new Date());
    const from = current.nextDate && current.nextDate > today ? current.nextDate : today;
    const nextDate = current.nextDate === null ? null : firstDate(current, from);
    const [row] = await tx
      .update(billingSchedules)
      .set({ active: true, nextDate, updatedAt: new Date() })
      .where(eq(billingSchedules.id, id))
      .returning();
    const [schedule] = await toSchedules(tx, organizationId, [row as ScheduleRow]);
    return schedule as BillingSchedule;
  });
}

export async function deleteSchedule(db: Db, organizationId: string, id: string): Promise<{ deleted: true }> {
  return db.transaction(async (tx) => {
    await loadSchedule(tx, organizationId, id, true);
    const [run] = await tx
      .select({ id: billingScheduleRuns.id })
      .from(billingScheduleRuns)
      .where(eq(billingScheduleRuns.scheduleId, id))
      .limit(1);
    if (run)
      throw new AppError('SCHEDULE_HAS_RUNS', 'This schedule has produced documents: pause it instead.');
    await tx.delete(billingSchedules).where(eq(billingSchedules.id, id));
    return { deleted: true as const };
  });
}

export function previewSchedule(body: ContractBody<typeof previewScheduleContract>): { dates: string[] } {
  const rrule = checkRule(body);
  return { dates: occurrences({ ...body, rrule }, body.startDate, body.count ?? 6) };
}
