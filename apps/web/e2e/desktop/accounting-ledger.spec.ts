import { lockRefuseUnlock, postManualEntry } from '../support/ledger-journey.ts';
import { test } from '../support/test.ts';

test.describe('the journal on desktop (issue 13)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  test('post a manual entry and find it in the journal', async ({ page, request }, testInfo) => {
    await postManualEntry(page, request, testInfo, 'ledger-desk');
  });

  test('lock a period, see a back-dated entry refused, reopen it', async ({ page, request }, testInfo) => {
    await lockRefuseUnlock(page, request, testInfo, 'ledger-desk-lock');
  });
});
