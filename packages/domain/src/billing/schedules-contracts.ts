import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { TAX_CODES } from './contracts.ts';

// Recurring billing (/billing/subscriptions, resource billing.subscriptions): the organization bills one
// of its customers on a schedule. Called "schedules" everywhere in code so that it never mixes with
// Fluxo's own plan subscription (subscriptions/contracts.ts).

const ZIdParams = z.object({ id: z.uuid() });
const ZIsoDate = z.iso.date();

/** The series a schedule may produce into: invoices, simplified invoices, invoice-receipts. */
export const SCHEDULE_DOCUMENT_TYPES = ['FT', 'FS', 'FR'] as const;
export const SCHEDULE_ACTIONS = ['issue', 'draft'] as const;
export type ScheduleAction = (typeof SCHEDULE_ACTIONS)[number];
/** The presets the screens offer; anything else is `custom` (the RRULE as written). */
export const SCHEDULE_FREQUENCIES = ['monthly', 'quarterly', 'yearly', 'custom'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/**
 * The days of the month a preset bills on, starting from `day`: days 29–31 become "that day, or the
 * last day of a shorter month" (BYMONTHDAY=28,29,30,31;BYSETPOS=-1 for the 31st), since RFC 5545 alone
 * would skip the months that lack the day.
 */
function monthDays(day: number): string {
  if (day <= 28) return `BYMONTHDAY=${day}`;
  const days = [];
  for (let d = 28; d <= day; d++) days.push(d);
  return `BYMONTHDAY=${days.join(',')};BYSETPOS=-1`;
}

/** The RFC 5545 rule of a preset, anchored on the start date's day (and month, yearly). */
export function presetRule(frequency: Exclude<ScheduleFrequency, 'custom'>, startDate: string): string {
  const month = Number(startDate.slice(5, 7));
  const day = Number(startDate.slice(8, 10));
  if (frequency === 'monthly') return `FREQ=MONTHLY;${monthDays(day)}`;
  if (frequency === 'quarterly') return `FREQ=MONTHLY;INTERVAL=3;${monthDays(day)}`;
  return `FREQ=YEARLY;BYMONTH=${month};${monthDays(day)}`;
}

/** Which preset a rule is, given the start date; `custom` when it is none of them. */
export function frequencyOf(rule: string, startDate: string): ScheduleFrequency {
  for (const frequency of ['monthly', 'quarterly', 'yearly'] as const)
    if (presetRule(frequency, startDate) === rule) return frequency;
  return 'custom';
}

/** One line of the document a schedule produces. Without `unitPrice`, the product's price on the day. */
export const ZScheduleLine = z.strictObject({
  productId: z.uuid().nullable().optional(),
  description: z.string().trim().min(1).max(300).optional(),
  /** × 1,000 */
  quantity: z.number().int().min(1).max(1e12),
  /** × 10,000, without VAT; omitted: the product's current price at each run. */
  unitPrice: z.number().int().min(0).max(1e15).optional(),
  discountBasisPoints: z.number().int().min(0).max(10_000).default(0),
  taxCode: z.enum(TAX_CODES).optional(),
  exemptionCode: z
    .string()
    .trim()
    .regex(/^M\d{2}$/)
    .nullable()
    .optional(),
});
export type ScheduleLine = z.infer<typeof ZScheduleLine>;

/** The document to produce at each run (the `template` column). */
export const ZScheduleTemplate = z.strictObject({
  lines: z.array(ZScheduleLine).min(1).max(100),
  taxRegion: z.enum(['PT', 'PT-AC', 'PT-MA', 'AO']).optional(),
  withholdingBasisPoints: z.number().int().min(0).max(10_000).default(0),
  notes: z.string().trim().max(1000).nullable().optional(),
  /** Days from the document date to its due date; omitted: the customer's payment terms. */
  dueDays: z.number().int().min(0).max(365).nullable().optional(),
});
export type ScheduleTemplate = z.infer<typeof ZScheduleTemplate>;
export type ScheduleTemplateInput = z.input<typeof ZScheduleTemplate>;

export const ZScheduleRun = z.object({
  id: z.string(),
  runDate: z.string(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  documentState: z.enum(['draft', 'issued']).nullable(),
  grossTotal: z.number().int().nullable(),
  /** Why this run produced nothing (the translated error's code and its message). */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduleRun = z.infer<typeof ZScheduleRun>;

export const ZBillingSchedule = z.object({
  id: z.string(),
  name: z.string(),
  partyId: z.string(),
  partyName: z.string(),
  seriesId: z.string(),
  seriesCode: z.string(),
  documentType: z.enum(SCHEDULE_DOCUMENT_TYPES),
  rrule: z.string(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The next date a document is due; null once the schedule has ended. */
  nextDate: z.string().nullable(),
  action: z.enum(SCHEDULE_ACTIONS),
  sendEmail: z.boolean(),
  template: ZScheduleTemplate,
  /** The net amount of one run at today's prices (cents, without VAT). */
  netAmount: z.number().int(),
  currency: z.string(),
  status: z.enum(['active', 'paused', 'ended']),
  /** Documents produced so far. */
  documentCount: z.number().int(),
  createdAt: z.string(),
});
export type BillingSchedule = z.infer<typeof ZBillingSchedule>;

const ZRule = z.string().trim().min(5).max(500);

const ZScheduleFields = {
  name: z.string().trim().min(1).max(200),
  partyId: z.uuid(),
  seriesId: z.uuid(),
  /** RFC 5545 RRULE (without DTSTART: the start date is), e.g. FREQ=MONTHLY;BYMONTHDAY=1. */
  rrule: ZRule,
  startDate: ZIsoDate,
  endDate: ZIsoDate.nullable().optional(),
  action: z.enum(SCHEDULE_ACTIONS).default('issue'),
  sendEmail: z.boolean().default(false),
  template: ZScheduleTemplate,
};

export const listSchedulesContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/schedules',
  response: z.array(ZBillingSchedule),
});
export const getScheduleContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/schedules/:id',
  params: ZIdParams,
  response: ZBillingSchedule.extend({ runs: z.array(ZScheduleRun) }),
});
export const createScheduleContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/schedules',
  body: z.strictObject(ZScheduleFields),
  response: ZBillingSchedule,
  status: 201,
});
/** Price and line changes apply to the runs to come; documents already produced never change. */
export const updateScheduleContract = defineContract({
  method: 'PATCH',
  path: '/api/v1/billing/schedules/:id',
  params: ZIdParams,
  body: z
    .strictObject({
      name: ZScheduleFields.name,
      seriesId: ZScheduleFields.seriesId,
      rrule: ZScheduleFields.rrule,
      startDate: ZScheduleFields.startDate,
      endDate: ZScheduleFields.endDate,
      action: z.enum(SCHEDULE_ACTIONS),
      sendEmail: z.boolean(),
      template: ZScheduleTemplate,
    })
    .partial(),
  response: ZBillingSchedule,
});
export const pauseScheduleContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/schedules/:id/pause',
  params: ZIdParams,
  response: ZBillingSchedule,
});
/** Resumes from the next date on or after today: dates missed while paused are not billed. */
export const resumeScheduleContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/schedules/:id/resume',
  params: ZIdParams,
  response: ZBillingSchedule,
});
/** Only a schedule that never produced anything is deleted; pause the others. */
export const deleteScheduleContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/billing/schedules/:id',
  params: ZIdParams,
  response: z.object({ deleted: z.literal(true) }),
});
/** Produces today's document now (once per day and schedule). Send an Idempotency-Key header. */
export const runScheduleContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/schedules/:id/run',
  params: ZIdParams,
  response: ZScheduleRun,
  status: 201,
});
/** The next dates a rule gives from a start date (before saving, for the form). */
export const previewScheduleContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/schedules/preview',
  body: z.strictObject({
    rrule: ZRule,
    startDate: ZIsoDate,
    endDate: ZIsoDate.nullable().optional(),
    count: z.number().int().min(1).max(24).default(6),
  }),
  response: z.object({ dates: z.array(z.string()) }),
});
