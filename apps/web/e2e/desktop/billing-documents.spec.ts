import { billingDocumentsJourney, convertQuoteJourney } from '../support/billing-documents-journey.ts';
import { test } from '../support/test.ts';

test.describe('billing documents on desktop (issue 12)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('issue an invoice, open its PDF, record a payment and issue a credit note', async ({
    page,
    request,
  }, testInfo) => {
    await billingDocumentsJourney(page, request, testInfo);
  });

  test('convert a quote into an invoice', async ({ page, request }, testInfo) => {
    await convertQuoteJourney(page, request, testInfo);
  });
});
