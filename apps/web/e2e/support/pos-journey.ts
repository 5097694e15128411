import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { PosPage } from '../pages/treasury/pos-page.ts';
import { seriousViolations } from './axe.ts';
import { signInOwnerOnWallets } from './connections.ts';
import { t } from './i18n.ts';
import { devicePath } from './session.ts';
import { createAccount, importThroughApi, statementAccount } from './treasury.ts';

/**
 * A terminal's batch whose net (3,075.00) a bank movement of the sample CAMT.053 carries (1 October):
 * added in the page, settled automatically, unmatched, matched again by hand from the candidates.
 */
export async function posSettlementJourney(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  const { token, organizationId } = await signInOwnerOnWallets(page, request, testInfo, 'pos-journey');
  await createAccount(request, token, organizationId, {
    kind: 'pos',
    currency: 'EUR',
    name: 'TPA Loja',
    openingBalance: 0,
    openingDate: '2026-09-01',
  });
  const bank = await createAccount(request, token, organizationId, statementAccount('CGD'));
  await importThroughApi(request, token, organizationId, bank.id, 'statement-camt053.xml');

  await page.goto(devicePath(testInfo, '/treasury/wallets/pos'));
  const pos = new PosPage(page);
  await expect(page.getByText(t('gb', 'TREASURY.POS.EMPTY'))).toBeVisible();

  await pos.button('TREASURY.POS.ADD_BATCH').click();
  await pos.field('TREASURY.POS.BATCH_DATE').fill('2026-09-30');
  await pos.field('TREASURY.POS.REFERENCE').fill('LOTE-0930');
  await pos.field('TREASURY.POS.SALES_COUNT').fill('12');
  await pos.field('TREASURY.POS.GROSS').fill('3100');
  await pos.field('TREASURY.POS.FEES').fill('25,00');
  await pos.field('TREASURY.POS.EXPECTED_SETTLEMENT').fill('2026-10-01');
  await expect(pos.dialog).toContainText(t('gb', 'TREASURY.POS.NET_PREVIEW', { amount: '€3,075.00' }));
  await pos.button('TREASURY.ACCOUNT.SAVE').click();
  await expect(pos.dialog).toBeHidden();

  // The bank movement of 1 October carries exactly the net: settled at once.
  const batch = pos.batch('LOTE-0930');
  await expect(batch).toContainText('€3,075.00');
  await expect(pos.total('gross')).toHaveText('€3,100.00');
  await expect(pos.total('fees')).toHaveText('€25.00');
  await expect(pos.total('net')).toHaveText('€3,075.00');
  await expect(pos.total('settled')).toHaveText('€3,075.00');
  await expect(pos.total('pending')).toHaveText('€0.00');
  expect(await seriousViolations(page)).toEqual([]);

  await batch.getByRole('button', { name: new RegExp(t('gb', 'TREASURY.POS.UNMATCH')) }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('gb', 'TREASURY.POS.UNMATCH'), exact: true })
    .click();
  await expect(pos.total('pending')).toHaveText('€3,075.00');

  await batch.getByRole('button', { name: new RegExp(t('gb', 'TREASURY.POS.MATCH')) }).click();
  const candidate = pos.dialog.getByRole('radio', { name: /€3,075\.00/ });
  await candidate.check();
  await pos.dialog.getByRole('button', { name: t('gb', 'TREASURY.POS.MATCH'), exact: true }).click();
  await expect(pos.dialog).toBeHidden();
  await expect(pos.total('settled')).toHaveText('€3,075.00');
  await expect(pos.total('pending')).toHaveText('€0.00');
}
