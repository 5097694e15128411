import type { Account, AccountKind } from '@fluxo/domain/treasury/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { showError, showSuccess } from '../../../components/widgets/toasts.ts';
import { errorMessageKeyOf } from '../../../lib/api/errors.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { useConnections } from '../../connections/api/connections.ts';
import { useAccounts } from '../api/list-accounts.ts';
import { useRefreshAccount } from '../api/refresh-account.ts';
import { useUpdateAccount } from '../api/save-account.ts';
import type { AccountHandlers } from '../components/account-actions.tsx';
import { useConnectionConsent } from './use-connection-consent.ts';
import { useTreasuryPermissions } from './use-treasury-permissions.ts';

/**
 * Everything the wallets page does, shared by the desktop and phone screens (which only lay it out
 * differently): the data, which dialog is open, and the account actions.
 */
export function useWalletsPage() {
  const { t } = useTranslation();
  const can = useTreasuryPermissions();
  const [showArchived, setShowArchived] = useState(false);
  const accounts = useAccounts(showArchived);
  const connections = useConnections(useSelectedOrganizationId());
  const refresh = useRefreshAccount();
  const update = useUpdateAccount();
  const consent = useConnectionConsent();
  const [form, setForm] = useState<{ opened: boolean; account: Account | null; kind: AccountKind }>({
    opened: false,
    account: null,
    kind: 'bank',
  });
  const [importing, setImporting] = useState<{ opened: boolean; accountId: string | null }>({
    opened: false,
    accountId: null,
  });
  const [connecting, setConnecting] = useState(false);

  const list = accounts.data?.accounts ?? [];
  const importable = list.filter(
    (account) => !account.archived && (account.kind === 'bank' || account.kind === 'card'),
  );

  const handlers: AccountHandlers = {
    onImport: (account) => setImporting({ opened: true, accountId: account.id }),
    onEdit: (account) => setForm({ opened: true, account, kind: account.kind }),
    onArchive: async (account, archived) => {
      if (archived) {
        const confirmed = await openConfirmDialog({
          title: t('TREASURY.WALLETS.ARCHIVE_TITLE', { name: account.name }),
          message: t('TREASURY.WALLETS.ARCHIVE_MESSAGE'),
          confirmLabel: t('TREASURY.WALLETS.ARCHIVE'),
          danger: true,
        });
        if (!confirmed) return;
      }
      try {
        await update.mutateAsync({ id: account.id, body: { archived } });
        showSuccess({
          message: archived
            ? t('TREASURY.WALLETS.ARCHIVED_DONE', { name: account.name })
            : t('TREASURY.WALLETS.RESTORED_DONE', { name: account.name }),
        });
      } catch (error) {
        showError({ message: t(errorMessageKeyOf(error)) });
      }
    },
    onRefresh: async (account) => {
      try {
        await refresh.mutateAsync(account.id);
        showSuccess({ message: t('TREASURY.WALLETS.REFRESH_STARTED', { name: account.name }) });
      } catch {
        // The API client's app-wide handling has told the user.
      }
    },
    onRenew: (account) => {
      if (account.connectionId) void consent.renew(account.connectionId);
    },
  };

  return {
    can,
    accounts,
    list,
    importable,
    connections: connections.data ?? [],
    showArchived,
    setShowArchived,
    handlers,
    form,
    openAccountForm: (kind: AccountKind) => setForm({ opened: true, account: null, kind }),
    closeAccountForm: () => setForm((current) => ({ ...current, opened: false })),
    importing,
    openImport: (accountId: string | null) => setImporting({ opened: true, accountId }),
    closeImport: () => setImporting((current) => ({ ...current, opened: false })),
    connecting,
    openConnect: () => setConnecting(true),
    closeConnect: () => setConnecting(false),
    consent,
  };
}
