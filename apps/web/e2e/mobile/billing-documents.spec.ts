import { billingDocumentsJourney } from '../support/billing-documents-journey.ts';
import { test } from '../support/test.ts';

test.describe('billing documents on a phone (issue 12)', () => {
  test('issue an invoice, open its PDF, record a payment and issue a credit note at 390 px', async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await billingDocumentsJourney(page, request, testInfo);
  });
});
