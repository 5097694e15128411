import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: string;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin('demo@fluxo.example');
  orgId = (
    await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM organizations WHERE name = 'Fluxo Demo, Lda'`,
    )
  )[0]!.id;
}, 300_000);
afterAll(() => t.close());

describe('the demo PT company’s reconciliation', () => {
  it('is mostly reconciled and leaves a queue of recent movements with suggestions', async () => {
    const [counts] = await rows<{ matches: string }>(
      t.database.db,
      sql`SELECT count(*) AS matches FROM accounting_reconciliations WHERE organization_id = ${orgId}`,
    );
    expect(Number(counts!.matches)).toBeGreaterThan(50);
    const accounts = await t.call({
      method: 'GET',
      url: '/api/v1/accounting/reconciliation/accounts',
      token: owner,
      orgId,
    });
    expect(accounts.statusCode).toBe(200);
    const withQueue = accounts.json().filter((a: { unreconciled: number }) => a.unreconciled > 0);
    expect(withQueue.length).toBeGreaterThan(0);
    let suggested = 0;
    for (const account of withQueue) {
      const queue = await t.call({
        method: 'GET',
        url: `/api/v1/accounting/reconciliation/suggestions?accountId=${account.id}&limit=100`,
        token: owner,
        orgId,
      });
      expect(queue.statusCode).toBe(200);
      suggested += queue
        .json()
        .items.filter((item: { suggestions: unknown[] }) => item.suggestions.length > 0).length;
    }
    expect(suggested).toBeGreaterThan(0);
  });
});
