import { expect, type Page } from '@playwright/test';
import { PluginsPage } from '../pages/plugins-page.ts';
import { seriousViolations } from './axe.ts';
import { t } from './i18n.ts';

/** The demo's own Multibanco entity (billing's settings): turning the plugin on changes no reference. */
const ENTITY = '21312';
const SMTP_PASSWORD = 'e2e-smtp-Secret-42';

/**
 * Plugins (issue 15), desktop and phone: the owner turns Multibanco on with its entity, stores an SMTP
 * password, reloads: the entity and the switch are kept, the password shows only as set.
 */
export async function pluginsJourney(page: Page, organizationName: string, prefix = ''): Promise<void> {
  const plugins = new PluginsPage(page, 'pt', prefix);
  await plugins.goto(organizationName);
  expect(await seriousViolations(page)).toEqual([]);

  // A bad entity is refused in place, translated.
  await plugins.field('MULTIBANCO', 'entity').fill('12');
  await plugins
    .card('MULTIBANCO')
    .getByRole('button', { name: t('pt', 'PLUGINS.SAVE') })
    .click();
  await expect(plugins.card('MULTIBANCO')).toContainText(t('pt', 'VALIDATION.INVALID'));

  await plugins.field('MULTIBANCO', 'entity').fill(ENTITY);
  await plugins.save('MULTIBANCO');
  const multibanco = plugins.enableSwitch('MULTIBANCO');
  if (!(await multibanco.isChecked())) await multibanco.click({ force: true });
  await expect(multibanco).toBeChecked();
  await expect(plugins.card('MULTIBANCO')).toContainText(t('pt', 'PLUGINS.STATUS_ENABLED'));
  const check = await plugins.test('MULTIBANCO');
  await expect(check).toContainText(t('pt', 'PLUGINS.TEST.MULTIBANCO_OK'));

  // SMTP: the password is sent once and comes back only as "set".
  await plugins.field('SMTP', 'host').fill('127.0.0.1');
  await plugins.field('SMTP', 'port').fill('2525');
  await plugins.field('SMTP', 'user').fill('faturas');
  await plugins.field('SMTP', 'password').fill(SMTP_PASSWORD);
  await plugins.field('SMTP', 'fromAddress').fill('faturas@fluxo-demo.example');
  await plugins.save('SMTP');
  await expect(plugins.card('SMTP').getByText(t('pt', 'PLUGINS.SECRET_SET'), { exact: true })).toBeVisible();

  await page.reload();
  await plugins.goto(organizationName);
  await expect(plugins.field('MULTIBANCO', 'entity')).toHaveValue(ENTITY);
  await expect(plugins.enableSwitch('MULTIBANCO')).toBeChecked();
  await expect(plugins.field('SMTP', 'host')).toHaveValue('127.0.0.1');
  await expect(plugins.field('SMTP', 'password')).toHaveValue('');
  await expect(plugins.card('SMTP').getByText(t('pt', 'PLUGINS.SECRET_SET'), { exact: true })).toBeVisible();
  expect(await page.content()).not.toContain(SMTP_PASSWORD);
}
