import { LANGUAGE_NAMES } from '@fluxo/domain/languages';
import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';
import { MobileShell } from './mobile/mobile-shell.ts';

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

  /** Opens the menu drawer on phones (the /m layout, see mobile/mobile-shell.ts); on desktop the menu is always there. */
  async openNavigation(): Promise<Locator> {
    if (this.isPhone) return new MobileShell(this.page, this.language).openMenu();
    await expect(this.navigation).toBeVisible();
    return this.navigation;
  }

  /** A group of the menu, by its translated title key (e.g. MENU.TREASURY.TITLE). */
  async menuGroup(titleKey: string): Promise<Locator> {
    const navigation = await this.openNavigation();
    return navigation.getByRole('list', { name: t(this.language, titleKey) });
  }

  /** The headings of the menu's groups, in the order shown. */
  async groupTitles(): Promise<string[]> {
    const navigation = await this.openNavigation();
    return navigation.getByRole('heading', { level: 2 }).allTextContents();
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
    // On a phone the language menu lives in the menu drawer.
    if (this.isPhone) await this.openNavigation();
    await this.page
      .getByRole('button', { name: t(from, 'LANGUAGE.CURRENT', { language: LANGUAGE_NAMES[from] }) })
      .click();
    await this.page.getByRole('menuitem', { name: toName }).click();
    this.language = to;
  }

  userMenuButton(name: string): Locator {
    return this.page.getByRole('button', { name: t(this.language, 'NAV.USER_MENU', { name }) });
  }

  /** Picks an entry of the user menu (contact us, support tickets…) by its i18n key. */
  async chooseUserMenuItem(name: string, key: string): Promise<void> {
    await this.userMenuButton(name).click();
    await this.page.getByRole('menuitem', { name: t(this.language, key) }).click();
  }

  async signOut(name: string): Promise<void> {
    await this.page.getByRole('button', { name: t(this.language, 'NAV.USER_MENU', { name }) }).click();
    await this.page.getByRole('menuitem', { name: t(this.language, 'NAV.SIGN_OUT') }).click();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
