import { currentAccountJourney } from '../support/billing-current-account.ts';
import { test } from '../support/test.ts';

test.describe('current account on a phone (issue 12)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('record one payment settling two invoices and see the balance drop', async ({
    page,
    request,
  }, testInfo) => {
    await currentAccountJourney(page, request, testInfo);
  });
});
