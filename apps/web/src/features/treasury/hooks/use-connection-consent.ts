import { connectionOkContract, renewConnectionContract } from '@fluxo/domain/connections/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { showError, showSuccess } from '../../../components/widgets/toasts.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { errorMessageKeyOf } from '../../../lib/api/errors.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';
import { connectionsKeys } from '../../connections/api/get-connection-eligibility.ts';

/** The bank's consent page: the browser leaves Fluxo and comes back to /treasury/wallets?connection=<id>. */
export function goToBank(url: string): void {
  window.location.assign(url);
}

/**
 * The redirect consent of a bank connection: "Renew" asks the server for a new consent and goes to the
 * bank; back at /treasury/wallets?connection=<id>, POST /connections/{id}/ok checks the consent and
 * discovers the accounts, once, and the parameter leaves the address.
 */
export function useConnectionConsent() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const returning = params.get('connection');
  const handled = useRef<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const refreshAll = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts }),
      queryClient.invalidateQueries({ queryKey: connectionsKeys.all }),
    ]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per returning connection id
  useEffect(() => {
    if (!returning || handled.current === returning) return;
    handled.current = returning;
    setConfirming(true);
    // What the bank's redirect carried back (`code`, or `error`) goes on to the server as it came.
    const code = params.get('code') ?? undefined;
    const error = params.get('error') ?? undefined;
    apiRequest(connectionOkContract, {
      params: { id: returning },
      body: code || error ? { code, error } : null,
      appErrorHandling: false,
    })
      .then(async (answer) => {
        showSuccess({
          message: t('TREASURY.WALLETS.CONNECTED', { name: answer.connection.name, count: answer.created }),
        });
        await refreshAll();
      })
      .catch((error: unknown) => showError({ message: t(errorMessageKeyOf(error)) }))
      .finally(() => {
        setConfirming(false);
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            for (const name of ['connection', 'code', 'error', 'state']) next.delete(name);
            return next;
          },
          { replace: true },
        );
      });
  }, [returning]);

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

  return { renew, confirming };
}
