import { posSettlementJourney } from '../support/pos-journey.ts';
import { test } from '../support/test.ts';

test.describe('point of sale on desktop (issue 11)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journeys');

  test('add a batch, see its totals, and its settlement matched, unmatched and matched again', async ({
    page,
    request,
  }, testInfo) => {
    await posSettlementJourney(page, request, testInfo);
  });
});
