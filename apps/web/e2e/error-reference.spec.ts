import { SupportTicketsModal } from './pages/support-tickets-modal.ts';
import { t } from './support/i18n.ts';
import { signInNewUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

// A server failure shows its reference — the request id of the X-Request-Id header, the error body's
// requestId and the server's log lines — for the user to quote to support.

const TICKETS = '**/api/v1/sales/requests/tickets';

test('a server error shows "Reference: <request id>" under the message', async ({ page, request }) => {
  const { user, shell } = await signInNewUser(page, request, 'reference');
  const requestId = '5d0c3f2e-8a7b-4c1d-9e2f-0a1b2c3d4e5f';
  await page.route(TICKETS, (route) =>
    route.fulfill({
      status: 500,
      headers: { 'x-request-id': requestId },
      json: {
        code: 'INTERNAL',
        messageKey: 'ERRORS.INTERNAL',
        message: 'Internal error.',
        statusCode: 500,
        requestId,
      },
    }),
  );
  await shell.chooseUserMenuItem(user.name, 'SUPPORT.TICKETS.ACTION');
  const alert = new SupportTicketsModal(page).dialog.getByRole('alert');
  await expect(alert).toContainText(t('gb', 'ERRORS.INTERNAL'));
  await expect(alert).toContainText(t('gb', 'GENERIC_ERROR.REFERENCE', { id: requestId }));
});

test('an error answer without a body shows its X-Request-Id in the generic toast', async ({
  page,
  request,
}) => {
  const { user, shell } = await signInNewUser(page, request, 'reference-toast');
  // Lost connections are retried once: both answers are bodiless.
  await page.route(
    TICKETS,
    (route) => route.fulfill({ status: 502, headers: { 'x-request-id': 'edge-42' }, body: '' }),
    { times: 2 },
  );
  await shell.chooseUserMenuItem(user.name, 'SUPPORT.TICKETS.ACTION');
  const toast = page.getByRole('alert').filter({ hasText: t('gb', 'GENERIC_ERROR.MESSAGE') });
  await expect(toast.first()).toContainText(t('gb', 'GENERIC_ERROR.REFERENCE', { id: 'edge-42' }));
});
