import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';
import { totpCode } from '../support/totp.ts';

/** User settings › Sign-in security: two-factor sign-in and the owner's requirement. */
export class SecurityPage {
  readonly heading: Locator;
  readonly turnOn: Locator;
  readonly setupKey: Locator;
  readonly qrCode: Locator;
  readonly setupCode: Locator;
  readonly confirm: Locator;
  readonly recoveryCodes: Locator;
  readonly savedCodes: Locator;
  readonly on: Locator;

  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {
    const say = (key: string, values?: Record<string, string>) => t(language, key, values);
    this.heading = page.getByRole('heading', { level: 1, name: say('SHELL.PAGES.SETTINGS_SECURITY.TITLE') });
    this.turnOn = page.getByRole('button', { name: say('TWO_FACTOR.TURN_ON') });
    this.setupKey = page.getByLabel(say('TWO_FACTOR.SETUP.KEY'));
    this.qrCode = page.getByRole('img', { name: say('TWO_FACTOR.SETUP.QR_ALT') });
    this.setupCode = page.getByRole('textbox', { name: say('TWO_FACTOR.SETUP.CODE') });
    this.confirm = page.getByRole('button', { name: say('TWO_FACTOR.SETUP.CONFIRM') });
    this.recoveryCodes = page.getByRole('list', { name: say('TWO_FACTOR.RECOVERY.LIST') });
    this.savedCodes = page.getByRole('button', { name: say('TWO_FACTOR.RECOVERY.DONE') });
    this.on = page.getByText(say('TWO_FACTOR.ON'), { exact: true });
  }

  requirementSwitch(organization: string): Locator {
    return this.page.getByRole('switch', {
      name: t(this.language, 'TWO_FACTOR.ORGANIZATIONS.REQUIRE', { name: organization }),
    });
  }

  /**
   * Turns two-factor on as a person would: reads the key offered for typing by hand, enters the code
   * an app computes from it, and keeps the recovery codes shown once. Answers the secret and the codes.
   */
  async enrol(
    options: { beforeConfirming?: () => Promise<void> } = {},
  ): Promise<{ secret: string; recoveryCodes: string[] }> {
    await this.turnOn.click();
    await expect(this.qrCode).toBeVisible();
    await options.beforeConfirming?.();
    const secret = ((await this.setupKey.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await this.setupCode.fill(totpCode(secret));
    await this.confirm.click();
    await expect(this.recoveryCodes).toBeVisible();
    const recoveryCodes = (await this.recoveryCodes.getByRole('listitem').allTextContents()).map((code) =>
      code.trim(),
    );
    expect(recoveryCodes).toHaveLength(10);
    await this.savedCodes.click();
    return { secret, recoveryCodes };
  }

  /** Turns two-factor off with a code (from the app or a recovery code). */
  async turnOff(code: string): Promise<void> {
    await this.page
      .getByRole('button', { name: t(this.language, 'TWO_FACTOR.TURN_OFF'), exact: true })
      .click();
    await this.page
      .getByRole('textbox', { name: t(this.language, 'TWO_FACTOR.CODE_OR_RECOVERY') })
      .fill(code);
    await this.page.getByRole('button', { name: t(this.language, 'TWO_FACTOR.TURN_OFF_CONFIRM') }).click();
    await expect(this.turnOn).toBeVisible();
  }
}
