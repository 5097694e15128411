import type { Account } from '@fluxo/domain/treasury/model';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconFileImport,
  IconPencil,
  IconRefresh,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { needsRenewal } from './sync-badge.tsx';

/** What the page does for an account's menu entries. */
export interface AccountHandlers {
  onImport: (account: Account) => void;
  onEdit: (account: Account) => void;
  onArchive: (account: Account, archived: boolean) => void;
  onRefresh: (account: Account) => void;
  onRenew: (account: Account) => void;
}

export interface AccountAbilities {
  importStatement: boolean;
  editAccount: boolean;
  /** Renewing a bank consent is adding it again (treasury.cash CREATE). */
  createAccount: boolean;
  refresh: boolean;
}

/** Only bank and card accounts receive statements; cash and POS movements are entered or come from the acquirer. */
export function canImportInto(account: Account): boolean {
  return !account.archived && (account.kind === 'bank' || account.kind === 'card');
}

/** The "…" menu of an account: import, refresh, renew consent, edit, archive or restore. */
export function AccountActions({
  account,
  handlers,
  can,
}: {
  account: Account;
  handlers: AccountHandlers;
  can: AccountAbilities;
}) {
  const { t } = useTranslation();
  const connected = !!account.connectionId;
  const items = [
    can.importStatement && canImportInto(account) && (
      <Menu.Item
        key="import"
        leftSection={<IconFileImport size={16} aria-hidden />}
        onClick={() => handlers.onImport(account)}
      >
        {t('TREASURY.WALLETS.IMPORT_STATEMENT')}
      </Menu.Item>
    ),
    can.refresh && connected && !account.archived && (
      <Menu.Item
        key="refresh"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={() => handlers.onRefresh(account)}
      >
        {t('TREASURY.WALLETS.REFRESH')}
      </Menu.Item>
    ),
    can.createAccount && needsRenewal(account) && (
      <Menu.Item
        key="renew"
        leftSection={<IconShieldCheck size={16} aria-hidden />}
        onClick={() => handlers.onRenew(account)}
      >
        {t('TREASURY.WALLETS.RENEW')}
      </Menu.Item>
    ),
    can.editAccount && (
      <Menu.Item
        key="edit"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={() => handlers.onEdit(account)}
      >
        {t('TREASURY.WALLETS.EDIT')}
      </Menu.Item>
    ),
    can.editAccount && (
      <Menu.Item
        key="archive"
        leftSection={
          account.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
        }
        onClick={() => handlers.onArchive(account, !account.archived)}
      >
        {account.archived ? t('TREASURY.WALLETS.RESTORE') : t('TREASURY.WALLETS.ARCHIVE')}
      </Menu.Item>
    ),
  ].filter(Boolean);
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('TREASURY.WALLETS.ACTIONS_FOR', { name: account.name })}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{items}</Menu.Dropdown>
    </Menu>
  );
}
