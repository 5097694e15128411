import { pluginsJourney } from '../support/plugins-journey.ts';
import { signInAs } from '../support/session.ts';
import { test } from '../support/test.ts';

test.describe('Plugins on the phone (issue 15)', () => {
  test.skip(({ isMobile }) => !isMobile, 'the desktop has its own journey');

  // Another organization than the desktop journey's, so that the two projects never share a plugin.
  test('the owner turns Multibanco on from the phone, stores an SMTP password, and a reload keeps both', async ({
    page,
  }) => {
    await signInAs(page, 'accountant@fluxo.example');
    await pluginsJourney(page, 'Contas Certas — Contabilidade, Lda', '/m');
  });
});
