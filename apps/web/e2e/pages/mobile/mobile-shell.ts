import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../../support/i18n.ts';

/** The signed-in frame on a phone (/m): header, bottom bar of main areas, and the menu drawer. */
export class MobileShell {
  constructor(
    readonly page: Page,
    public language: Language = 'gb',
  ) {}

  get bottomNavigation(): Locator {
    return this.page.getByRole('navigation', { name: t(this.language, 'MOBILE.BOTTOM_NAV') });
  }

  get menuButton(): Locator {
    return this.bottomNavigation.getByRole('button', { name: t(this.language, 'MOBILE.MENU') });
  }

  /** The whole menu, in the drawer. */
  get navigation(): Locator {
    return this.page.getByRole('navigation', { name: t(this.language, 'NAV.MAIN_MENU') });
  }

  async openMenu(): Promise<Locator> {
    // The button's state, not the drawer's visibility: a drawer still closing looks open.
    if ((await this.menuButton.getAttribute('aria-expanded')) !== 'true') await this.menuButton.click();
    await expect(this.navigation).toBeVisible();
    return this.navigation;
  }

  async closeMenu(): Promise<void> {
    await this.page.getByRole('button', { name: t(this.language, 'MOBILE.CLOSE_MENU') }).click();
    await expect(this.navigation).toBeHidden();
  }

  /** The headings of the menu's groups, in the order shown. */
  async groupTitles(): Promise<string[]> {
    const navigation = await this.openMenu();
    return navigation.getByRole('heading', { level: 2 }).allTextContents();
  }

  organizationSwitcher(name: string): Locator {
    return this.page.getByRole('button', {
      name: t(this.language, 'ORGANIZATIONS.SWITCHER', { name }),
      exact: true,
    });
  }

  async switchOrganization(from: string, to: string): Promise<void> {
    await this.openMenu();
    await this.organizationSwitcher(from).click();
    await this.page
      .getByRole('menuitem', { name: new RegExp(to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .click();
  }
}
