import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** The bell in the shell's header and its list (features/notifications/components/notification-bell.tsx). */
export class NotificationBell {
  constructor(
    readonly page: Page,
    readonly language: Language,
  ) {}

  get button(): Locator {
    return this.page.getByTestId('notification-bell');
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: t(this.language, 'NOTIFICATIONS.TITLE') });
  }

  /** The unread count the bell announces (its accessible name). */
  async expectUnread(count: number): Promise<void> {
    await expect(this.button).toHaveAccessibleName(
      t(this.language, 'NOTIFICATIONS.BELL', { count: String(count) }),
    );
  }

  async unreadCount(): Promise<number> {
    const name = (await this.button.getAttribute('aria-label')) ?? '';
    return Number(/\d+/.exec(name)?.[0] ?? Number.NaN);
  }

  async open(): Promise<Locator> {
    await this.button.click();
    await expect(this.dialog).toBeVisible();
    return this.dialog;
  }

  /** The unread entries of the open list. */
  unreadItems(): Locator {
    return this.dialog.locator('button[data-unread]');
  }

  async markAllRead(): Promise<void> {
    await this.dialog.getByRole('button', { name: t(this.language, 'NOTIFICATIONS.MARK_ALL_READ') }).click();
  }
}
