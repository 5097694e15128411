import { expect, test } from '../support/test.ts';
import {
  importPortugueseCsv,
  importStructuredStatement,
  ownerWithStatementAccount,
} from '../support/treasury-journeys.ts';

test.describe('statement import on desktop (issue 11)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  for (const file of ['statement-camt053.xml', 'statement.ofx', 'statement.mt940']) {
    test(`${file}: progress, summary, and a second import adds nothing`, async ({
      page,
      request,
    }, testInfo) => {
      const { wallets, accountName } = await ownerWithStatementAccount(page, request, testInfo, 'imp-desk');
      await importStructuredStatement(page, wallets, accountName, file);
      // The account's balance follows the import.
      await expect(wallets.account(accountName)).not.toContainText('€12,500.00');
    });
  }

  test('a Portuguese CSV (Windows-1252, decimal comma, debit/credit) is mapped, previewed and imported', async ({
    page,
    request,
  }, testInfo) => {
    const { wallets, accountName } = await ownerWithStatementAccount(page, request, testInfo, 'imp-desk-csv');
    await importPortugueseCsv(page, wallets, accountName);
    await expect(wallets.account(accountName)).not.toContainText('€12,500.00');
  });
});
