import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/**
 * Treasury › In & out, on a desktop (a grid of movements, a filter bar, a side drawer) or on a phone
 * (cards, a filter sheet, a full-screen detail). The journeys read the same on both.
 */
export class InOutPage {
  constructor(
    readonly page: Page,
    readonly phone: boolean,
    readonly language: Language = 'gb',
  ) {}

  private t(key: string, values: Record<string, string> = {}): string {
    return t(this.language, key, values);
  }

  async goto(): Promise<void> {
    await this.page.goto(this.phone ? '/m/treasury/in-out' : '/treasury/in-out');
    await expect(
      this.page.getByRole('heading', { level: 1, name: this.t('TREASURY.IN_OUT.TITLE') }),
    ).toBeVisible();
  }

  /** The grid (desktop) or the list of cards (phone). */
  get list(): Locator {
    const name = this.t('TREASURY.IN_OUT.LIST_LABEL');
    return this.phone ? this.page.getByRole('list', { name }) : this.page.getByRole('grid', { name });
  }

  /** The row or card of a movement, by text it shows. */
  movement(text: string | RegExp): Locator {
    return this.phone
      ? this.list.getByRole('listitem').filter({ hasText: text })
      : this.list.getByRole('row').filter({ hasText: text });
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: this.t('TREASURY.IN_OUT.FILTERS.SEARCH') });
  }

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
  }

  /** Opens the filters (the bar on a desktop, the sheet on a phone) and returns where they are. */
  async openFilters(): Promise<Locator> {
    await this.page
      .getByRole('button', { name: new RegExp(`^${this.t('TREASURY.IN_OUT.FILTERS.TOGGLE')}`) })
      .click();
    const region = this.phone
      ? this.page.getByRole('dialog', { name: this.t('TREASURY.IN_OUT.FILTERS.TITLE') })
      : this.page.getByRole('search', { name: this.t('TREASURY.IN_OUT.FILTERS.TITLE') });
    await expect(region).toBeVisible();
    return region;
  }

  async filterByAmount(min: string, max: string): Promise<void> {
    const region = await this.openFilters();
    await region.getByRole('textbox', { name: this.t('TREASURY.IN_OUT.FILTERS.MIN_AMOUNT') }).fill(min);
    await region.getByRole('textbox', { name: this.t('TREASURY.IN_OUT.FILTERS.MAX_AMOUNT') }).fill(max);
    if (this.phone)
      await region.getByRole('button', { name: this.t('TREASURY.IN_OUT.FILTERS.SHOW_RESULTS') }).click();
  }

  /** The drawer (desktop) or full-screen sheet (phone) of one movement. */
  get detail(): Locator {
    return this.page.getByRole('dialog', { name: this.t('TREASURY.IN_OUT.DETAIL.TITLE') });
  }

  async open(text: string): Promise<Locator> {
    const movement = this.movement(text);
    if (this.phone) await movement.getByRole('button').click();
    else {
      // Keyboard first: the grid's rows open with Enter.
      await movement.focus();
      await movement.press('Enter');
    }
    await expect(this.detail).toBeVisible();
    return this.detail;
  }

  /** Picks an option of a Mantine select (its listbox is portalled to the page). */
  async choose(field: Locator, option: string): Promise<void> {
    await field.click();
    await field.fill(option);
    await this.page.getByRole('option', { name: option }).click();
  }

  async categorise(categoryName: string): Promise<void> {
    const field = this.detail.getByRole('textbox', { name: this.t('TREASURY.IN_OUT.DETAIL.CATEGORY') });
    await this.choose(field, categoryName);
    await this.detail.getByRole('button', { name: this.t('TREASURY.IN_OUT.DETAIL.SAVE') }).click();
    await expect(this.page.getByText(this.t('TREASURY.IN_OUT.DETAIL.SAVED'))).toBeVisible();
  }

  async closeDetail(): Promise<void> {
    await this.detail.getByRole('button', { name: this.t('DIALOGS.CLOSE'), exact: true }).click();
    await expect(this.detail).toBeHidden();
  }
}
