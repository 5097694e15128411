import { seriousViolations } from '../support/axe.ts';
import {
  createCustomerThroughForm,
  createProductThroughForm,
  signInForCatalogue,
  waitForToastsToClose,
} from '../support/billing-catalogue.ts';
import { expect, test } from '../support/test.ts';

test.describe('billing catalogue on a phone (issue 12)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('create a customer and a product in full-screen forms, listed as cards', async ({
    page,
    request,
  }, testInfo) => {
    const known = await signInForCatalogue(page, request, testInfo, 'catalogue-m');
    await expect(page).toHaveURL(/\/m\/billing\/documents/);
    await createCustomerThroughForm(page, known);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: /customers and suppliers/i })).toContainText(known.knownNif);
    await createProductThroughForm(page);
    await waitForToastsToClose(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
