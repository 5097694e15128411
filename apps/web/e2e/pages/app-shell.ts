import { LANGUAGE_NAMES } from '@fluxo/domain/languages';
import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** The signed-in frame: header, organization switcher, the main menu (a drawer on phones). */
export class AppShell {
  constructor(
    readonly page: Page,
    public language: Language = 'gb',
  ) {}

  get isPhone(): boolean {
    return (this.page.viewportSize()?.width ?? 1280) < 768;
  }

  get navigation(): Locator {
    return this.page.getByRole('navigation', { name: t(this.language, 'NAV.MAIN_MENU') });
  }

  /** Opens the menu drawer on phones; on desktop the menu is always there. */
  async openNavigation(): Promise<Locator> {
    if (this.isPhone) {
      const burger = this.page.getByRole('button', { name: t(this.language, 'NAV.TOGGLE_MENU') });
      if ((await burger.getAttribute('aria-expanded')) !== 'true') await burger.click();
    }
    await expect(this.navigation).toBeVisible();
    return this.navigation;
  }

  /** A group of the menu, by its translated title key (e.g. MENU.TREASURY.TITLE). */
  async menuGroup(titleKey: string): Promise<Locator> {
    const navigation = await this.openNavigation();
    return navigation.getByRole('list', { name: t(this.language, titleKey) });
  }

  organizationSwitcher(name?: string): Locator {
    const label = name
      ? t(this.language, 'ORGANIZATIONS.SWITCHER', { name })
      : t(this.language, 'ORGANIZATIONS.SWITCHER_NONE');
    return this.page.getByRole('button', { name: label, exact: true });
  }

  /** The switcher, wherever the layout puts it (header on desktop, menu drawer on phones). */
  async openOrganizationMenu(currentName?: string): Promise<void> {
    if (this.isPhone) await this.openNavigation();
    await this.organizationSwitcher(currentName).click();
  }

  async switchOrganization(from: string, to: string): Promise<void> {
    await this.openOrganizationMenu(from);
    await this.page.getByRole('menuitem', { name: new RegExp(escapeRegExp(to)) }).click();
    await expect(this.organizationSwitcher(to)).toBeAttached();
  }

  async switchLanguage(from: Language, to: Language, toName: string): Promise<void> {
    await this.page
      .getByRole('button', { name: t(from, 'LANGUAGE.CURRENT', { language: LANGUAGE_NAMES[from] }) })
      .click();
    await this.page.getByRole('menuitem', { name: toName }).click();
    this.language = to;
  }

  async signOut(name: string): Promise<void> {
    await this.page.getByRole('button', { name: t(this.language, 'NAV.USER_MENU', { name }) }).click();
    await this.page.getByRole('menuitem', { name: t(this.language, 'NAV.SIGN_OUT') }).click();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
