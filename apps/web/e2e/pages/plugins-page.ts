import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** User settings › Plugins: one card (a region named by its title) per integration. */
export class PluginsPage {
  constructor(
    readonly page: Page,
    readonly language: Language,
    readonly prefix = '',
  ) {}

  private t(key: string, values?: Record<string, string>) {
    return t(this.language, key, values);
  }

  async goto(organizationName: string): Promise<void> {
    await this.page.goto(`${this.prefix}/settings/plugins-management`);
    await expect(
      this.page.getByRole('heading', { name: this.t('PLUGINS.INTEGRATIONS_OF', { name: organizationName }) }),
    ).toBeVisible();
  }

  /** The card of a plugin, by its i18n segment (SMTP, MULTIBANCO, TAX_AUTHORITY, BANK_AGGREGATOR). */
  card(segment: string): Locator {
    return this.page.getByRole('region', { name: this.t(`PLUGINS.${segment}.TITLE`) });
  }

  /** A field by its label (a required field's label ends with an asterisk). */
  field(segment: string, name: string): Locator {
    const label = this.t(`PLUGINS.${segment}.FIELDS.${name}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.card(segment).getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  }

  enableSwitch(segment: string): Locator {
    return this.card(segment).getByRole('switch', {
      name: this.t('PLUGINS.ENABLE', { name: this.t(`PLUGINS.${segment}.TITLE`) }),
    });
  }

  async save(segment: string): Promise<void> {
    await this.card(segment)
      .getByRole('button', { name: this.t('PLUGINS.SAVE') })
      .click();
    await expect(this.page.getByText(this.t('PLUGINS.SAVED')).first()).toBeVisible();
  }

  async test(segment: string): Promise<Locator> {
    await this.card(segment)
      .getByRole('button', { name: this.t('PLUGINS.TEST_ACTION') })
      .click();
    const result = this.card(segment).getByRole('status');
    await expect(result).toBeVisible();
    return result;
  }
}
