import type { Route } from '@playwright/test';
import { InOutPage } from '../pages/in-out-page.ts';
import { createInOutWorld } from '../support/in-out-world.ts';
import { signInAs } from '../support/session.ts';
import { expect, test } from '../support/test.ts';

const TOTAL = 100_000;
/** The stand-in answers big pages so the test reaches 100,000 loaded rows in a few round trips. */
const PAGE = 10_000;

/**
 * Issue 11: the web list stays responsive with 100,000 movements. The list call is answered by a
 * stand-in (the server's own speed is the bench's business); the screen loads every page, and only
 * the rows in view are ever in the DOM, so jumping from the first to the last row stays quick.
 */
test('the movements grid stays light and quick with 100,000 movements loaded', async ({ page, request }) => {
  test.setTimeout(120_000);
  const world = await createInOutWorld(request, 'inout-scale');
  const template = {
    accountId: world.walletId,
    valueDate: null,
    currency: 'EUR',
    counterpartyName: 'Fornecedor',
    counterpartyIban: null,
    remittanceInfo: null,
    endToEndId: null,
    bankReference: null,
    source: 'manual',
    importId: null,
    categoryId: null,
    merchantId: null,
    notes: null,
    transferTransactionId: null,
    transferAccountId: null,
    isSplit: false,
    parts: [],
    documentCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
  await page.route('**/api/v1/treasury/transactions?*', async (route: Route) => {
    const url = new URL(route.request().url());
    const start = Number(url.searchParams.get('cursor') ?? '0');
    const end = Math.min(start + PAGE, TOTAL);
    const items = [];
    for (let index = start; index < end; index++) {
      const day = String(1 + (index % 28)).padStart(2, '0');
      items.push({
        ...template,
        id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
        bookingDate: `2025-01-${day}`,
        amount: -((index % 9_000) + 100),
        description: `Movimento ${index + 1}`,
        runningBalance: 1_000_000 - index,
      });
    }
    await route.fulfill({
      json: {
        items,
        nextCursor: end < TOTAL ? String(end) : null,
        totals: [{ currency: 'EUR', count: TOTAL, income: 0, expense: -500_000_000, net: -500_000_000 }],
      },
    });
  });

  await signInAs(page, world.user.email, world.user.password);
  const inOut = new InOutPage(page, false);
  // "Movimento 1" and not "Movimento 10".
  const row = (n: number) => inOut.movement(new RegExp(`Movimento ${n}(?!\\d)`));
  await inOut.goto();
  await expect(row(1)).toBeVisible();
  await expect(inOut.list).toHaveAttribute('aria-rowcount', String(TOTAL + 1));

  // End, again and again: each jump reaches the last loaded row and the next page loads behind it.
  await row(1).focus();
  for (let loaded = PAGE; loaded < TOTAL; loaded += PAGE) {
    await page.keyboard.press('End');
    await expect(row(loaded)).toBeFocused();
    await expect(row(loaded + 1)).toBeAttached();
  }
  await page.keyboard.press('End');
  await expect(row(TOTAL)).toBeFocused();

  // Only the rows in view (and a few around them) exist, however many are loaded.
  const rendered = await inOut.list.locator('tbody tr').count();
  expect(rendered).toBeLessThan(80);

  // With everything loaded, a jump to the top and back takes a frame or two, not seconds.
  const started = Date.now();
  await page.keyboard.press('Home');
  await expect(row(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(row(TOTAL)).toBeFocused();
  const elapsed = Date.now() - started;
  test.info().annotations.push({ type: 'Home → End with 100,000 rows', description: `${elapsed} ms` });
  expect(elapsed).toBeLessThan(2_000);
});
