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

  /** A control of the bottom bar (a tab link, or the menu button) by the i18n key of its label. */
  bottomBarControl(key: string): Locator {
    const name = t(this.language, key);
    return this.bottomNavigation
      .getByRole('link', { name, exact: true })
      .or(this.bottomNavigation.getByRole('button', { name, exact: true }));
  }

  /**
   * How a bottom-bar control shows its label: whether any of it is cut (wider or taller than its
   * box, or sticking out of the control), its font size and the control's size.
   */
  async bottomBarLabel(
    key: string,
  ): Promise<{ cut: boolean; fontSize: number; width: number; height: number }> {
    const control = this.bottomBarControl(key);
    const label = control.getByText(t(this.language, key), { exact: true });
    const [box, cut, fontSize] = await Promise.all([
      control.boundingBox(),
      label.evaluate((element) => {
        const inner = element.getBoundingClientRect();
        const outer = (element.closest('a, button') ?? element).getBoundingClientRect();
        return (
          element.scrollWidth > element.clientWidth ||
          element.scrollHeight > element.clientHeight ||
          inner.left < outer.left ||
          inner.right > outer.right ||
          inner.top < outer.top ||
          inner.bottom > outer.bottom
        );
      }),
      label.evaluate((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
    ]);
    return { cut, fontSize, width: box?.width ?? 0, height: box?.height ?? 0 };
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
