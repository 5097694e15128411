import { currentAccountJourney } from '../support/billing-current-account.ts';
import { test } from '../support/test.ts';

test.describe('current account on desktop (issue 12)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('record one payment settling two invoices and see the balance drop', async ({
    page,
    request,
  }, testInfo) => {
    await currentAccountJourney(page, request, testInfo);
  });
});
