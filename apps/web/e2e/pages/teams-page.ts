import { expect, type Locator, type Page } from '@playwright/test';
import { type Language, t } from '../support/i18n.ts';

/** User settings › Teams: members, invitations and the permission dialogs. */
export class TeamsPage {
  constructor(
    readonly page: Page,
    readonly language: Language,
    readonly prefix = '',
  ) {}

  private t(key: string, values?: Record<string, string>) {
    return t(this.language, key, values);
  }

  async goto(organizationName: string): Promise<void> {
    await this.page.goto(`${this.prefix}/settings/teams`);
    await expect(
      this.page.getByRole('heading', { name: this.t('TEAMS.MEMBERS_OF', { name: organizationName }) }),
    ).toBeVisible();
  }

  get members(): Locator {
    return this.page.getByRole(this.prefix ? 'list' : 'table', { name: this.t('TEAMS.MEMBERS') });
  }

  get invitations(): Locator {
    return this.page.getByRole('list', { name: this.t('TEAMS.INVITATIONS.TITLE') });
  }

  dialog(titleKey: string, values?: Record<string, string>): Locator {
    return this.page.getByRole('dialog', { name: this.t(titleKey, values) });
  }

  /** Invites an e-mail with a role preset (its translated name key, e.g. TEAMS.PRESETS.BOOKKEEPER). */
  async invite(email: string, presetKey: string): Promise<void> {
    await this.page.getByRole('button', { name: this.t('TEAMS.INVITE.ACTION') }).click();
    const dialog = this.dialog('TEAMS.INVITE.TITLE');
    await dialog.getByLabel(this.t('TEAMS.INVITE.EMAIL')).fill(email);
    await dialog.getByRole('textbox', { name: this.t('TEAMS.ROLE') }).click();
    const option = this.page.getByRole('option', { name: this.t(presetKey) });
    await expect(option).toBeVisible();
    // On a phone the list keeps moving while the modal settles: the click is sent to the option itself.
    await option.dispatchEvent('click');
    await expect(dialog.getByRole('textbox', { name: this.t('TEAMS.ROLE') })).toHaveValue(this.t(presetKey));
    await dialog.getByRole('button', { name: this.t('TEAMS.INVITE.SEND') }).click();
    await expect(dialog).toBeHidden();
    await expect(this.invitations.getByText(email)).toBeVisible();
  }

  /** Clears one flag of one resource in a member's permission matrix and saves. */
  async removeGrant(memberName: string, resourceLabel: string, flagKey: string): Promise<void> {
    await this.page
      .getByRole('button', { name: this.t('TEAMS.EDIT.ACTION_FOR', { name: memberName }) })
      .click();
    const dialog = this.dialog('TEAMS.EDIT.TITLE', { name: memberName });
    // A preset shows its name; the matrix opens on demand.
    const matrix = dialog.getByRole('switch', { name: this.t('TEAMS.MATRIX.SHOW') });
    if (!(await matrix.isChecked())) await matrix.check();
    const cell = dialog.getByRole('checkbox', {
      name: this.t('TEAMS.MATRIX.CELL', { resource: resourceLabel, flag: this.t(flagKey).toLowerCase() }),
    });
    await expect(cell).toBeChecked();
    await cell.uncheck();
    await dialog.getByRole('button', { name: this.t('TEAMS.EDIT.SAVE') }).click();
    await expect(dialog).toBeHidden();
  }

  async remove(memberName: string): Promise<void> {
    await this.page
      .getByRole('button', { name: this.t('TEAMS.REMOVE.ACTION_FOR', { name: memberName }) })
      .click();
    const dialog = this.dialog('TEAMS.REMOVE.TITLE');
    await expect(dialog).toContainText(this.t('TEAMS.REMOVE.MESSAGE', { name: memberName }));
    await dialog.getByRole('button', { name: this.t('TEAMS.REMOVE.CONFIRM') }).click();
    await expect(this.members.getByText(memberName)).toBeHidden();
  }
}
