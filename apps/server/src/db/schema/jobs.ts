import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Durable scheduled jobs (platform/jobs.ts): a row per job with its due time. Any instance claims
 * due rows with `FOR UPDATE SKIP LOCKED` and runs each inside the transaction that marks it done,
 * so a job survives restarts and runs once however many instances poll.
 */
export const scheduledJobs = pgTable(
  'scheduled_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** pending → done (or failed after too many attempts). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneBy: text('done_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scheduled_jobs_once_key').on(t.kind, t.subjectId, t.dueAt),
    index('scheduled_jobs_due_idx').on(t.status, t.dueAt),
  ],
);
