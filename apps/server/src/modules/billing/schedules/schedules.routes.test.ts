import { randomUUID } from 'node:crypto';
import { addDays, presetRule } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase, rows } from '../../../db/client.ts';
import { loadConfig } from '../../../platform/config.ts';
import { createTestApp, TEST_DATABASE_KIND, type TestApp } from '../../../test/harness.ts';
import { loadSigningKey } from '../signing-key.ts';
import { todayIn } from './schedule-dates.ts';
import {
  MAX_CATCH_UP,
  runDueSchedules,
  SCHEDULE_JOB,
  type ScheduleDeps,
  scheduleJobHandlers,
} from './schedule-runs.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let kwanzaOwner: string;
let kwanzaOrg: string;
let deps: ScheduleDeps;

const orgOf = async (name: string) =>
  (await rows<{ id: string }>(t.database.db, sql`SELECT id FROM organizations WHERE name = ${name}`))[0]!.id;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  orgId = await orgOf('Fluxo Demo, Lda');
  kwanzaOwner = await t.signin('ao.owner@fluxo.example');
  kwanzaOrg = await orgOf('Kwanza Comércio, Lda');
  // The key the app loaded (kept in server_secrets), read with the default configuration.
  const { invoicing } = loadConfig({ DATA_DIR: t.dataDir } as NodeJS.ProcessEnv, { webDist: t.dataDir });
  const signingKey = await loadSigningKey(t.database.db, t.secrets.box, invoicing);
  deps = { db: t.database.db, documents: { db: t.database.db, signingKey } };
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  who = owner,
  org = orgId,
) =>
  t.call({
    method,
    url,
    token: who,
    orgId: org,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': randomUUID() },
  });

/** Today in Lisbon, and a date `months` before it on the same day (clamped to 28). */
const today = () => todayIn('Europe/Lisbon', new Date());
function monthsAgo(months: number, day = 5): string {
  const [year, month] = today().split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 - months, day));
  return date.toISOString().slice(0, 10);
}

let suffixes = 0;
async function setUp() {
  const suffix = `S${++suffixes}`;
  const party = await call('POST', '/api/v1/billing/parties', {
    name: `Cliente recorrente ${suffix}, Lda`,
    taxId: '999999990',
    country: 'PT',
    email: `cliente-${suffix.toLowerCase()}@example.com`,
  });
  expect(party.statusCode).toBe(201);
  const product = await call('POST', '/api/v1/billing/products', {
    code: `AVENCA-${suffix}`,
    description: 'Avença mensal de contabilidade',
    productType: 'S',
    unit: 'UN',
    unitPrice: 1_500_000,
    taxCode: 'NOR',
  });
  expect(product.statusCode).toBe(201);
  const series = await call('POST', '/api/v1/billing/series', {
    documentType: 'FT',
    code: `REC${suffix}`,
    seriesType: 'F',
    validationCode: 'AAJFJ2K6',
  });
  expect(series.statusCode).toBe(201);
  return {
    partyId: party.json().id as string,
    productId: product.json().id as string,
    seriesId: series.json().id as string,
  };
}

async function createSchedule(overrides: Record<string, unknown> = {}) {
  const { partyId, productId, seriesId } = await setUp();
  const startDate = (overrides.startDate as string | undefined) ?? today();
  const response = await call('POST', '/api/v1/billing/schedules', {
    name: 'Avença mensal',
    partyId,
    seriesId,
    rrule: presetRule('monthly', startDate),
    startDate,
    template: { lines: [{ productId, quantity: 1000 }] },
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return { schedule: response.json(), partyId, productId, seriesId };
}

const documentsOf = (scheduleId: string) =>
  rows<{ id: string; state: string; document_date: string; schedule_id: string; net_total: number }>(
    t.database.db,
    sql`SELECT id, state, document_date::text, schedule_id, net_total::int FROM billing_documents
        WHERE schedule_id = ${scheduleId} ORDER BY document_date`,
  );
const runsOf = (scheduleId: string) =>
  rows<{ run_date: string; document_id: string | null; error: string | null }>(
    t.database.db,
    sql`SELECT run_date::text, document_id, error FROM billing_schedule_runs
        WHERE schedule_id = ${scheduleId} ORDER BY run_date`,
  );

describe('billing schedules (routes)', () => {
  it('creates a monthly schedule, announces it, lists it, and runs it now once a day', async () => {
    const { schedule } = await createSchedule();
    expect(schedule).toMatchObject({
      frequency: 'monthly',
      nextDate: today(),
      status: 'active',
      action: 'issue',
      netAmount: 15_000,
      currency: 'EUR',
      documentCount: 0,
    });
    const events = await rows<{ data: { SubscriptionId: string } }>(
      t.database.db,
      sql`SELECT data FROM realtime_messages WHERE type = 'BILLING_SUBSCRIPTION_CREATED'
          AND data->>'SubscriptionId' = ${schedule.id}`,
    );
    expect(events.length).toBeGreaterThan(0);

    const list = await call('GET', '/api/v1/billing/schedules');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((item: { id: string }) => item.id)).toContain(schedule.id);

    const run = await call('POST', `/api/v1/billing/schedules/${schedule.id}/run`);
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json()).toMatchObject({ runDate: today(), error: null, documentState: 'issued' });
    expect(run.json().documentNumber).toMatch(/^FT RECS\d+\/1$/);
    const document = await call('GET', `/api/v1/billing/documents/${run.json().documentId}`);
    expect(document.json()).toMatchObject({ scheduleId: schedule.id, state: 'issued', netTotal: 15_000 });

    const again = await call('POST', `/api/v1/billing/schedules/${schedule.id}/run`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SCHEDULE_ALREADY_RAN');

    const detail = (await call('GET', `/api/v1/billing/schedules/${schedule.id}`)).json();
    expect(detail.documentCount).toBe(1);
    expect(detail.nextDate > today()).toBe(true);
    expect(detail.runs).toHaveLength(1);

    // A schedule that produced documents is paused, not deleted.
    const deleted = await call('DELETE', `/api/v1/billing/schedules/${schedule.id}`);
    expect(deleted.json().code).toBe('SCHEDULE_HAS_RUNS');
  });

  it('run now e-mails the issued invoice to the customer when the schedule says so', async () => {
    const { schedule } = await createSchedule({ sendEmail: true });
    const before = (await t.outbox()).length;
    const run = await call('POST', `/api/v1/billing/schedules/${schedule.id}/run`);
    expect(run.statusCode, run.body).toBe(201);
    expect(run.json().error).toBeNull();
    const mails = (await t.outbox()).slice(before);
    const number = run.json().documentNumber as string;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toMatch(/^cliente-s\d+@example\.com$/);
    expect(`${mails[0]!.subject} ${mails[0]!.text}`).toContain(number);
    const document = await call('GET', `/api/v1/billing/documents/${run.json().documentId}`);
    expect(document.json().emailedAt).not.toBeNull();
  });

  it('refuses a bad RRULE with a translated error, and changes nothing', async () => {
    const { partyId, productId, seriesId } = await setUp();
    const before = (await call('GET', '/api/v1/billing/schedules')).json().length;
    for (const rrule of [
      'FREQ=HOURLY',
      'FREQ=MONTHLY;BYMONTHDAY=40',
      'not a rule',
      'FREQ=MONTHLY;UNTIL=20300101',
    ]) {
      const response = await call('POST', '/api/v1/billing/schedules', {
        name: 'Má regra',
        partyId,
        seriesId,
        rrule,
        startDate: today(),
        template: { lines: [{ productId, quantity: 1000 }] },
      });
      expect(response.statusCode, rrule).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'SCHEDULE_RULE_INVALID',
        messageKey: 'ERRORS.SCHEDULE_RULE_INVALID',
      });
    }
    const preview = await call('POST', '/api/v1/billing/schedules/preview', {
      rrule: 'FREQ=DAILY;INTERVAL=0',
      startDate: today(),
    });
    expect(preview.json().code).toBe('SCHEDULE_RULE_INVALID');
    expect((await call('GET', '/api/v1/billing/schedules')).json()).toHaveLength(before);
  });

  it('previews the next dates, month ends included', async () => {
    const preview = await call('POST', '/api/v1/billing/schedules/preview', {
      rrule: presetRule('monthly', '2027-01-31'),
      startDate: '2027-01-31',
      count: 3,
    });
    expect(preview.json()).toEqual({ dates: ['2027-01-31', '2027-02-28', '2027-03-31'] });
  });

  it('edits prices for the runs to come only, pauses, resumes and deletes a schedule without runs', async () => {
    const { schedule, productId } = await createSchedule({ action: 'draft' });
    const first = await call('POST', `/api/v1/billing/schedules/${schedule.id}/run`);
    expect(first.json().documentState).toBe('draft');
    const edited = await call('PATCH', `/api/v1/billing/schedules/${schedule.id}`, {
      template: { lines: [{ productId, quantity: 1000, unitPrice: 2_000_000 }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().netAmount).toBe(20_000);
    // The document already produced keeps its price.
    const produced = await call('GET', `/api/v1/billing/documents/${first.json().documentId}`);
    expect(produced.json().netTotal).toBe(15_000);

    const paused = await call('POST', `/api/v1/billing/schedules/${schedule.id}/pause`);
    expect(paused.json().status).toBe('paused');
    const resumed = await call('POST', `/api/v1/billing/schedules/${schedule.id}/resume`);
    expect(resumed.json().status).toBe('active');

    const fresh = (await createSchedule({ startDate: monthsAgo(-2) })).schedule;
    const removed = await call('DELETE', `/api/v1/billing/schedules/${fresh.id}`);
    expect(removed.json()).toEqual({ deleted: true });
    expect((await call('GET', `/api/v1/billing/schedules/${fresh.id}`)).statusCode).toBe(404);
  });

  it('a new rule never bills again a date already billed', async () => {
    const { schedule } = await createSchedule();
    expect((await call('POST', `/api/v1/billing/schedules/${schedule.id}/run`)).statusCode).toBe(201);
    const edited = await call('PATCH', `/api/v1/billing/schedules/${schedule.id}`, { rrule: 'FREQ=DAILY' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ frequency: 'custom', rrule: 'FREQ=DAILY' });
    expect(edited.json().nextDate > today()).toBe(true);
    const bad = await call('PATCH', `/api/v1/billing/schedules/${schedule.id}`, { rrule: 'FREQ=MINUTELY' });
    expect(bad.json().code).toBe('SCHEDULE_RULE_INVALID');
    expect((await call('GET', `/api/v1/billing/schedules/${schedule.id}`)).json().rrule).toBe('FREQ=DAILY');
  });

  it("never shows or touches another organization's schedules", async () => {
    const { schedule } = await createSchedule();
    const list = await call('GET', '/api/v1/billing/schedules', undefined, kwanzaOwner, kwanzaOrg);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((item: { id: string }) => item.id)).not.toContain(schedule.id);
    for (const [method, url] of [
      ['GET', `/api/v1/billing/schedules/${schedule.id}`],
      ['POST', `/api/v1/billing/schedules/${schedule.id}/run`],
      ['POST', `/api/v1/billing/schedules/${schedule.id}/pause`],
      ['PATCH', `/api/v1/billing/schedules/${schedule.id}`],
      ['DELETE', `/api/v1/billing/schedules/${schedule.id}`],
    ] as const) {
      const response = await call(
        method,
        url,
        method === 'PATCH' ? { name: 'x' } : undefined,
        kwanzaOwner,
        kwanzaOrg,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor can it bill the PT company's customer from its own organization.
    const { partyId, seriesId, productId } = await setUp();
    const foreign = await call(
      'POST',
      '/api/v1/billing/schedules',
      {
        name: 'x',
        partyId,
        seriesId,
        rrule: 'FREQ=MONTHLY',
        startDate: today(),
        template: { lines: [{ productId, quantity: 1000 }] },
      },
      kwanzaOwner,
      kwanzaOrg,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await call('GET', `/api/v1/billing/schedules/${schedule.id}`)).json().status).toBe('active');
  });

  it('needs the billing.subscriptions rights', async () => {
    const cash = await t.signin('cash@fluxo.example');
    expect((await call('GET', '/api/v1/billing/schedules', undefined, cash)).statusCode).toBe(403);
  });
});

describe('billing schedules (job)', () => {
  it('bills each due date once, catching up missed dates, and moves the next date on', async () => {
    const startDate = monthsAgo(2);
    const { schedule } = await createSchedule({ startDate });
    await runDueSchedules(deps);
    const runs = await runsOf(schedule.id);
    expect(runs.map((run) => run.run_date)).toEqual([
      monthsAgo(2),
      monthsAgo(1),
      ...(today() >= monthsAgo(0) ? [monthsAgo(0)] : []),
    ]);
    expect(runs.every((run) => run.document_id && !run.error)).toBe(true);
    const documents = await documentsOf(schedule.id);
    expect(documents).toHaveLength(runs.length);
    expect(documents.every((document) => document.state === 'issued')).toBe(true);
    const created = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(DISTINCT data->>'DocumentId')::int AS n FROM realtime_messages
          WHERE type = 'BILLING_DOCUMENT_CREATED' AND data->>'DocumentId' IN ${documents.map((d) => d.id)}`,
    );
    expect(created[0]!.n).toBe(documents.length);

    // A second pass, and the job handler called again by hand, bill nothing more.
    await runDueSchedules(deps);
    await t.database.db.transaction((tx) =>
      scheduleJobHandlers(deps, [])[SCHEDULE_JOB]!(
        tx,
        {
          id: randomUUID(),
          kind: SCHEDULE_JOB,
          subject_id: schedule.id,
          due_at: new Date(),
          payload: {},
          attempts: 0,
        },
        new Date(),
      ),
    );
    expect(await documentsOf(schedule.id)).toHaveLength(runs.length);
    const detail = (await call('GET', `/api/v1/billing/schedules/${schedule.id}`)).json();
    expect(detail.nextDate > today()).toBe(true);
  });

  it('catches up at most the latest 12 missed dates', async () => {
    const { schedule } = await createSchedule({ startDate: monthsAgo(6), rrule: 'FREQ=WEEKLY' });
    await runDueSchedules(deps);
    const runs = await runsOf(schedule.id);
    expect(runs).toHaveLength(MAX_CATCH_UP);
    const last = runs.at(-1)!.run_date;
    expect(last <= today()).toBe(true);
    expect(addDays(last, 7) > today()).toBe(true);
  });

  it('respects the end date', async () => {
    const { schedule } = await createSchedule({ startDate: monthsAgo(3), endDate: monthsAgo(2, 20) });
    await runDueSchedules(deps);
    expect((await runsOf(schedule.id)).map((run) => run.run_date)).toEqual([monthsAgo(3), monthsAgo(2)]);
    const detail = (await call('GET', `/api/v1/billing/schedules/${schedule.id}`)).json();
    expect(detail).toMatchObject({ nextDate: null, status: 'ended' });
    const run = await call('POST', `/api/v1/billing/schedules/${schedule.id}/run`);
    expect(run.json().code).toBe('SCHEDULE_ENDED');
  });

  it('records a failing run on the run and goes on with the other schedules', async () => {
    const broken = await createSchedule({ startDate: monthsAgo(1) });
    // The series loses nothing, but is closed: issuing into it fails.
    await t.database.db.execute(sql`UPDATE billing_series SET closed = true WHERE id = ${broken.seriesId}`);
    const healthy = await createSchedule({ startDate: monthsAgo(1) });
    await runDueSchedules(deps);
    const brokenRuns = await runsOf(broken.schedule.id);
    expect(brokenRuns.length).toBeGreaterThan(0);
    expect(brokenRuns[0]).toMatchObject({ document_id: null });
    expect(brokenRuns[0]!.error).toMatch(/^SERIES_CLOSED/);
    expect(await documentsOf(broken.schedule.id)).toHaveLength(0);
    expect((await documentsOf(healthy.schedule.id)).length).toBe(brokenRuns.length);
  });

  it('leaves drafts when asked to', async () => {
    const { schedule } = await createSchedule({ startDate: monthsAgo(1), action: 'draft' });
    await runDueSchedules(deps);
    const documents = await documentsOf(schedule.id);
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((document) => document.state === 'draft')).toBe(true);
  });

  it('e-mails each issued document once it is committed, and writes a failed e-mail on its run', async () => {
    const { schedule } = await createSchedule({ startDate: monthsAgo(1), sendEmail: true });
    const sent: { documentId: string; state: string | undefined }[] = [];
    await runDueSchedules({
      ...deps,
      sendDocument: async (organizationId, documentId) => {
        expect(organizationId).toBe(orgId);
        // Sent after the commit: the document is there, issued, for whoever reads it.
        const [row] = await rows<{ state: string }>(
          t.database.db,
          sql`SELECT state FROM billing_documents WHERE id = ${documentId}`,
        );
        sent.push({ documentId, state: row?.state });
      },
    });
    const documents = await documentsOf(schedule.id);
    expect(documents.length).toBeGreaterThan(0);
    expect(sent).toEqual(documents.map((document) => ({ documentId: document.id, state: 'issued' })));

    const failing = await createSchedule({ startDate: monthsAgo(1), sendEmail: true });
    await runDueSchedules({
      ...deps,
      sendDocument: async () => {
        throw new Error('SMTP down');
      },
    });
    const runs = await runsOf(failing.schedule.id);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((run) => run.document_id && run.error === 'EMAIL_NOT_SENT: SMTP down')).toBe(true);
    expect((await documentsOf(failing.schedule.id)).every((document) => document.state === 'issued')).toBe(
      true,
    );
  });

  it.runIf(TEST_DATABASE_KIND === 'postgres')(
    'a second instance racing the same runs produces nothing more (PostgreSQL)',
    async () => {
      const { schedule } = await createSchedule({ startDate: monthsAgo(4) });
      const second = await openDatabase({
        databaseUrl: t.databaseUrl,
        dataDir: t.dataDir,
        inMemoryDatabase: false,
      });
      try {
        const secondDeps: ScheduleDeps = {
          ...deps,
          db: second.db,
          documents: { ...deps.documents, db: second.db },
        };
        const job = () => ({
          id: randomUUID(),
          kind: SCHEDULE_JOB,
          subject_id: schedule.id,
          due_at: new Date(),
          payload: {},
          attempts: 0,
        });
        // Two instances' pollers and, beside them, the handler itself on both connections at once.
        await Promise.all([
          runDueSchedules(deps, { worker: 'one' }),
          runDueSchedules(secondDeps, { worker: 'two' }),
          t.database.db.transaction((tx) =>
            scheduleJobHandlers(deps, [])[SCHEDULE_JOB]!(tx, job(), new Date()),
          ),
          (second.db as Db).transaction((tx) =>
            scheduleJobHandlers(secondDeps, [])[SCHEDULE_JOB]!(tx, job(), new Date()),
          ),
        ]);
      } finally {
        await second.close();
      }
      const runs = await runsOf(schedule.id);
      const documents = await documentsOf(schedule.id);
      expect(runs.length).toBeGreaterThanOrEqual(4);
      expect(new Set(runs.map((run) => run.run_date)).size).toBe(runs.length);
      expect(documents).toHaveLength(runs.length);
      expect(runs.every((run) => run.document_id && !run.error)).toBe(true);
    },
  );
});
