import { SupportTicketsModal } from './pages/support-tickets-modal.ts';
import { t } from './support/i18n.ts';
import { signInNewUser } from './support/signed-in.ts';
import { expect, test } from './support/test.ts';

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a ticket is opened, takes checked attachments, and is listed', async ({ page, request }) => {
  const { user, shell } = await signInNewUser(page, request, 'tickets');
  await shell.chooseUserMenuItem(user.name, 'SUPPORT.TICKETS.ACTION');
  const modal = new SupportTicketsModal(page);
  await expect(modal.dialog.getByText(t('gb', 'SUPPORT.TICKETS.NONE'))).toBeVisible();

  await modal.open.click();
  await expect(modal.dialog.getByText(t('gb', 'REQUIRED_FIELD'))).toHaveCount(2);
  await modal.subject.fill('Bank statement import');
  await modal.message.fill('The March statement does not import.');
  await modal.open.click();
  const ticket = modal.ticket('Bank statement import');
  await expect(ticket).toBeVisible();

  await modal.attach('Bank statement import', { name: 'statement.png', mimeType: 'image/png', buffer: PNG });
  await expect(ticket.getByRole('list', { name: t('gb', 'SUPPORT.TICKETS.ATTACHMENTS') })).toContainText(
    'statement.png',
  );

  // Checked before upload: the type and the size.
  await modal.attach('Bank statement import', {
    name: 'setup.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ'),
  });
  await expect(ticket.getByRole('alert')).toHaveText(t('gb', 'ERRORS.FILE_TYPE_NOT_ALLOWED'));
  await modal.attach('Bank statement import', {
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25),
  });
  await expect(ticket.getByRole('alert')).toHaveText(t('gb', 'ERRORS.FILE_TOO_LARGE'));

  // The server sniffs the bytes: a text file named .png is refused, in the user's language.
  await modal.attach('Bank statement import', {
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not really a picture'),
  });
  await expect(ticket.getByRole('alert')).toHaveText(t('gb', 'ERRORS.FILE_TYPE_NOT_ALLOWED'));
  await expect(ticket.getByRole('list', { name: t('gb', 'SUPPORT.TICKETS.ATTACHMENTS') })).not.toContainText(
    'fake.png',
  );
});
