import { seriousViolations } from '../support/axe.ts';
import {
  createCustomerThroughForm,
  createProductThroughForm,
  signInForCatalogue,
  waitForToastsToClose,
} from '../support/billing-catalogue.ts';
import { expect, test } from '../support/test.ts';

test.describe('billing catalogue on a desktop (issue 12)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('create a customer (NIF checked, company looked up) and an exempt product', async ({
    page,
    request,
  }, testInfo) => {
    const known = await signInForCatalogue(page, request, testInfo, 'catalogue-d');
    await createCustomerThroughForm(page, known);
    await expect(page.getByRole('table')).toContainText(known.knownNif);
    await createProductThroughForm(page);
    await expect(page.getByRole('table')).toContainText('M07');
    await waitForToastsToClose(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
