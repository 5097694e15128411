import { createAndRunMonthlySchedule, signInWithBillingData } from '../support/billing-schedules.ts';
import { test } from '../support/test.ts';

test.describe('recurring billing on a phone (issue 12)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  test('create a monthly schedule, run it now, see its invoice in the history, pause it', async ({
    page,
    request,
  }, testInfo) => {
    const { customer } = await signInWithBillingData(page, request, testInfo, 'schedules-phone');
    await createAndRunMonthlySchedule(page, customer);
  });
});
