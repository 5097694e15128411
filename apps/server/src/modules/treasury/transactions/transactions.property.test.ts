import { TRANSACTION_SORTS, type Transaction } from '@fluxo/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, decodeClaims, type TestApp } from '../../../test/harness.ts';
import { DEMO_ACCOUNTS } from '../../demo/seed.ts';
import { SUB_TRANSACTIONS_FLAG } from './split-transaction.ts';
import { addAccount, addCategory, addMovements, setFlag } from './test-fixtures.ts';

let t: TestApp;
let owner: string;
let orgId: string;
let categoryId: string;

const BASE = '/api/v1/treasury/transactions';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signin(DEMO_ACCOUNTS.demo);
  orgId = decodeClaims(owner).defaultOrg as string;
  categoryId = await addCategory(t.database.db, orgId, 'Parte');
  await setFlag(t.database.db, SUB_TRANSACTIONS_FLAG, true);
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string) {
  const response = await t.call({ method: 'GET', url, token: owner, orgId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const sortKey = (sort: string, item: Transaction) =>
  sort.startsWith('date') ? item.bookingDate : item.amount;

describe('keyset pagination', () => {
  it('walks the filtered set page by page without duplicates or gaps, in order', async () => {
    const movement = fc.record({
      // Few dates and amounts: many ties, which only seq tells apart.
      bookingDate: fc.integer({ min: 1, max: 4 }).map((day) => `2026-05-0${day}`),
      amount: fc.integer({ min: -3, max: 3 }).filter((value) => value !== 0),
      description: fc.constantFrom('a', 'b'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(movement, { maxLength: 40 }),
        fc.constantFrom(...TRANSACTION_SORTS),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('', '&direction=out', '&minAmount=-1', '&q=a'),
        async (movements, sort, limit, filter) => {
          const accountId = await addAccount(t.database.db, orgId);
          await addMovements(t.database.db, orgId, accountId, movements);
          const query = `accountIds=${accountId}&sort=${sort}${filter}`;
          const whole = (await get(`${BASE}?${query}&limit=500`)).items as Transaction[];
          const walked: Transaction[] = [];
          let cursor: string | null = null;
          for (let pages = 0; pages < 100; pages += 1) {
            const page = await get(`${BASE}?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
            expect(page.items.length).toBeLessThanOrEqual(limit);
            walked.push(...page.items);
            cursor = page.nextCursor;
            if (!cursor) break;
          }
          expect(walked.map((item) => item.id)).toEqual(whole.map((item) => item.id));
          expect(new Set(walked.map((item) => item.id)).size).toBe(walked.length);
          for (let index = 1; index < walked.length; index += 1) {
            const [before, after] = [sortKey(sort, walked[index - 1]!), sortKey(sort, walked[index]!)];
            if (sort.endsWith('desc')) expect(before >= after).toBe(true);
            else expect(before <= after).toBe(true);
          }
          const totals = (await get(`${BASE}?${query}&limit=1`)).totals;
          expect(totals.reduce((sum: number, row: { count: number }) => sum + row.count, 0)).toBe(
            whole.length,
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('splits', () => {
  it('keep the parts summing to their movement whatever sequence of splits is asked', async () => {
    /** A valid split of `amount`: cut points between 1 and |amount| - 1. */
    const validParts = (amount: number) =>
      fc
        .uniqueArray(fc.integer({ min: 1, max: Math.abs(amount) - 1 }), { minLength: 1, maxLength: 4 })
        .map((cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), Math.abs(amount)];
          return points.slice(1).map((point, index) => ({
            amount: Math.sign(amount) * (point - points[index]!),
            categoryId: index % 2 === 0 ? categoryId : null,
          }));
        });
    const anyParts = fc.array(
      fc.record({
        amount: fc.integer({ min: -5_000, max: 5_000 }).filter((value) => value !== 0),
        categoryId: fc.constant(null),
      }),
      { maxLength: 4 },
    );
    const scenario = fc
      .integer({ min: 2, max: 10_000 })
      .chain((size) => fc.tuple(fc.constant(size), fc.boolean()))
      .chain(([size, negative]) => {
        const amount = negative ? -size : size;
        return fc.tuple(
          fc.constant(amount),
          fc.array(fc.oneof(validParts(amount), anyParts), { maxLength: 6 }),
        );
      });
    const accountId = await addAccount(t.database.db, orgId, { opening: 1_000 });
    await fc.assert(
      fc.asyncProperty(scenario, async ([amount, requests]) => {
        const [id] = await addMovements(t.database.db, orgId, accountId, [
          { bookingDate: '2026-06-01', amount, description: 'split' },
        ]);
        const balance = (await get(`${BASE}/${id}`)).runningBalance;
        for (const parts of requests) {
          const response = await t.call({
            method: 'PUT',
            url: `${BASE}/${id}/parts`,
            token: owner,
            orgId,
            payload: { parts },
          });
          expect(response.statusCode).toBeLessThan(500);
          const movement = (await get(`${BASE}/${id}`)) as Transaction;
          expect(movement.amount).toBe(amount);
          expect(movement.runningBalance).toBe(balance);
          if (movement.isSplit) {
            expect(movement.parts.length).toBeGreaterThanOrEqual(2);
            expect(movement.parts.reduce((sum, part) => sum + part.amount, 0)).toBe(amount);
            for (const part of movement.parts) expect(Math.sign(part.amount)).toBe(Math.sign(amount));
          } else expect(movement.parts).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });
});
