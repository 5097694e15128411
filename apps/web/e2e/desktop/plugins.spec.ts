import { pluginsJourney } from '../support/plugins-journey.ts';
import { signInAs } from '../support/session.ts';
import { test } from '../support/test.ts';

test.describe('Plugins on desktop (issue 15)', () => {
  test.skip(({ isMobile }) => isMobile, 'the phone has its own journey');

  test('the owner turns Multibanco on, stores an SMTP password, and a reload keeps both (the password only as set)', async ({
    page,
  }) => {
    await signInAs(page, 'demo@fluxo.example');
    await pluginsJourney(page, 'Fluxo Demo, Lda');
  });
});
