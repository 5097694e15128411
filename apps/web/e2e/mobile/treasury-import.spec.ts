import { expect, test } from '../support/test.ts';
import {
  importPortugueseCsv,
  importStructuredStatement,
  ownerWithStatementAccount,
} from '../support/treasury-journeys.ts';

test.describe('statement import on a phone (issue 11)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journeys');

  for (const file of ['statement-camt053.xml', 'statement.ofx', 'statement.mt940']) {
    test(`${file}: full-screen sheet, progress, summary, and a second import adds nothing`, async ({
      page,
      request,
    }, testInfo) => {
      const { wallets, accountName } = await ownerWithStatementAccount(page, request, testInfo, 'imp-m');
      await expect(page).toHaveURL(/\/m\/treasury\/wallets/);
      await importStructuredStatement(page, wallets, accountName, file);
      await expect(wallets.account(accountName)).not.toContainText('€12,500.00');
    });
  }

  test('a Portuguese CSV is mapped, previewed and imported on the phone', async ({
    page,
    request,
  }, testInfo) => {
    const { wallets, accountName } = await ownerWithStatementAccount(page, request, testInfo, 'imp-m-csv');
    await importPortugueseCsv(page, wallets, accountName);
    await expect(wallets.account(accountName)).not.toContainText('€12,500.00');
  });
});
