import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

const TITLES = {
  balances: 'DASHBOARDS.WIDGETS.BALANCES.TITLE',
  receivables: 'DASHBOARDS.WIDGETS.RECEIVABLES.TITLE',
  payables: 'DASHBOARDS.WIDGETS.PAYABLES.TITLE',
  unreconciled: 'DASHBOARDS.WIDGETS.UNRECONCILED.TITLE',
  documentsToAttach: 'DASHBOARDS.WIDGETS.DOCUMENTS_TO_ATTACH.TITLE',
  taxDeadlines: 'DASHBOARDS.WIDGETS.TAX_DEADLINES.TITLE',
} as const;
export type WidgetName = keyof typeof TITLES;

/** /dashboards: the widgets as cards (sections named by their title), the Arrange mode's buttons. */
export class DashboardsPage {
  constructor(
    readonly page: Page,
    readonly language: Language = 'gb',
  ) {}

  title(widget: WidgetName): string {
    return t(this.language, TITLES[widget]);
  }

  widget(widget: WidgetName): Locator {
    return this.page.getByRole('region', { name: this.title(widget), exact: true });
  }

  get widgets(): Locator {
    return this.page.getByTestId('dashboard-widget');
  }

  get grid(): Locator {
    return this.page.getByTestId('dashboard-grid');
  }

  get totalBalance(): Locator {
    return this.page.getByTestId('dashboard-total-balance');
  }

  /** The widgets' keys, in the order shown. */
  async order(): Promise<string[]> {
    return this.widgets.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-widget') ?? ''));
  }

  async arrange(): Promise<void> {
    await this.page.getByRole('button', { name: t(this.language, 'DASHBOARDS.ARRANGE') }).click();
  }

  async done(): Promise<void> {
    await this.page.getByRole('button', { name: t(this.language, 'DASHBOARDS.DONE') }).click();
  }

  private action(key: string, widget: WidgetName): Locator {
    return this.page.getByRole('button', { name: t(this.language, key, { widget: this.title(widget) }) });
  }

  /** Clicks an Arrange button and waits for the layout to be saved. */
  private async saving(button: Locator): Promise<void> {
    const saved = this.page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/dashboards/layout') && response.request().method() === 'PUT',
    );
    await button.click();
    expect((await saved).status()).toBe(200);
  }

  async moveUp(widget: WidgetName): Promise<void> {
    await this.saving(this.action('DASHBOARDS.MOVE_UP', widget));
  }

  async remove(widget: WidgetName): Promise<void> {
    await this.saving(this.action('DASHBOARDS.REMOVE', widget));
    await expect(this.widget(widget)).toHaveCount(0);
  }
}
