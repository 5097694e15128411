import type { PosBatch } from '@fluxo/domain/treasury/contracts';
import type { Account } from '@fluxo/domain/treasury/model';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { showError } from '../../../components/widgets/toasts.ts';
import { errorMessageKeyOf } from '../../../lib/api/errors.ts';
import { usePosBatches, usePosTerminals, useUnmatchSettlement } from '../api/pos.ts';
import { useTreasuryPermissions } from './use-treasury-permissions.ts';

/** A POS terminal as the page needs it; the balance is known only to members who see the accounts. */
export interface Terminal {
  id: string;
  name: string;
  currency: string;
  balance: number | null;
}

/**
 * The terminals: the POS accounts when the member may list accounts, else (a member with only
 * treasury.pos) the terminals the batches name.
 */
export function terminalsOf(
  accounts: Account[] | undefined,
  batches: PosBatch[],
  unnamed: (shortId: string) => string,
): Terminal[] {
  if (accounts)
    return accounts.map((account) => ({
      id: account.id,
      name: account.name,
      currency: account.currency,
      balance: account.balance,
    }));
  const seen = new Map<string, Terminal>();
  for (const batch of batches)
    if (!seen.has(batch.accountId))
      seen.set(batch.accountId, {
        id: batch.accountId,
        name: unnamed(batch.accountId.slice(0, 8)),
        currency: batch.currency,
        balance: null,
      });
  return [...seen.values()];
}

/** Everything the POS page does, shared by the desktop and phone screens. */
export function usePosPage() {
  const { t } = useTranslation();
  const can = useTreasuryPermissions();
  const batches = usePosBatches();
  const terminals = usePosTerminals();
  const unmatch = useUnmatchSettlement();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [matching, setMatching] = useState<PosBatch | null>(null);

  const terminalList: Account[] = terminals.data ?? [];
  const terminalName = useMemo(() => {
    const names = new Map(terminalList.map((terminal) => [terminal.id, terminal.name]));
    return (accountId: string) =>
      names.get(accountId) ?? t('TREASURY.POS.TERMINAL_N', { id: accountId.slice(0, 8) });
  }, [terminalList, t]);

  async function onUnmatch(batch: PosBatch) {
    const confirmed = await openConfirmDialog({
      title: t('TREASURY.POS.UNMATCH_TITLE', { reference: batch.reference }),
      message: t('TREASURY.POS.UNMATCH_MESSAGE'),
      confirmLabel: t('TREASURY.POS.UNMATCH'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await unmatch.mutateAsync(batch.id);
    } catch (error) {
      showError({ message: t(errorMessageKeyOf(error)) });
    }
  }

  return {
    can,
    batches,
    terminals: terminalList,
    terminalName,
    adding,
    setAdding,
    importing,
    setImporting,
    matching,
    setMatching,
    onUnmatch,
  };
}
