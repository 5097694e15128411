import { createAndRunMonthlySchedule, signInWithBillingData } from '../support/billing-schedules.ts';
import { test } from '../support/test.ts';

test.describe('recurring billing on desktop (issue 12)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('create a monthly schedule, run it now, see its invoice in the history, pause it', async ({
    page,
    request,
  }, testInfo) => {
    const { customer } = await signInWithBillingData(page, request, testInfo, 'schedules-desk');
    await createAndRunMonthlySchedule(page, customer);
  });
});
