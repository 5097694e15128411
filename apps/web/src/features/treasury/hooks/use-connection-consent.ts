import { renewConnectionContract } from '@fluxo/domain/connections/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../../components/widgets/toasts.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { errorMessageKeyOf } from '../../../lib/api/errors.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';
import { connectionsKeys } from '../../connections/api/get-connection-eligibility.ts';
import { useConsentReturn } from '../../connections/hooks/use-consent-return.ts';

/** The bank's consent page: the browser leaves Fluxo and comes back to /treasury/wallets?connection=<id>. */
export function goToBank(url: string): void {
  window.location.assign(url);
}

/**
 * The redirect consent of a bank connection: "Renew" asks the server for a new consent and goes to the
 * bank; back at /treasury/wallets?connection=<id>, the connections part's useConsentReturn confirms it
 * (POST /connections/{id}/ok, once) and the accounts it found are read again.
 */
export function useConnectionConsent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const returned = useConsentReturn();

  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts }),
      queryClient.invalidateQueries({ queryKey: connectionsKeys.all }),
    ]);

  async function renew(connectionId: string): Promise<void> {
    try {
      const connection = await apiRequest(renewConnectionContract, {
        params: { id: connectionId },
        appErrorHandling: false,
      });
      if (connection.authorizationUrl) {
        goToBank(connection.authorizationUrl);
        return;
      }
      showSuccess({ message: t('TREASURY.WALLETS.RENEW_STARTED', { name: connection.name }) });
      await refreshAll();
    } catch (error) {
      showError({ message: t(errorMessageKeyOf(error)) });
    }
  }

  // Accounts found at the bank appear in the lists once the return is confirmed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per confirmed return
  useEffect(() => {
    if (returned.state === 'connected') void refreshAll();
  }, [returned.state]);

  return { renew, returned };
}
