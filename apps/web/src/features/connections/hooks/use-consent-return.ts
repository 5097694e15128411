import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api/errors.ts';
import { confirmConnection } from '../api/connections.ts';
import { connectionsKeys } from '../api/get-connection-eligibility.ts';

export type ConsentReturn =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'connected'; accounts: number; created: number }
  | { state: 'pending' }
  | { state: 'refused' }
  | { state: 'failed'; code: string };

/**
 * The bank sends the user back to /treasury/wallets with the connection (`connection`, or `state` for
 * aggregators that carry it there) and `code` or `error`: tell the server (POST /connections/{id}/ok)
 * once, then drop those parameters from the address so a reload does not send them again.
 */
export function useConsentReturn(): ConsentReturn {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<ConsentReturn>({ state: 'idle' });
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const id = params.get('connection') ?? params.get('state');
    if (!id || !/^[0-9a-f-]{36}$/i.test(id) || handled.current === id) return;
    handled.current = id;
    const code = params.get('code');
    const error = params.get('error');
    setResult({ state: 'checking' });
    for (const name of ['connection', 'state', 'code', 'error', 'error_description', 'ref'])
      params.delete(name);
    const rest = params.toString();
    void navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    confirmConnection(id, { ...(code ? { code } : {}), ...(error ? { error: error.slice(0, 500) } : {}) })
      .then((answer) => {
        if (answer.connection.status === 'connected') {
          setResult({ state: 'connected', accounts: answer.accounts.length, created: answer.created });
        } else if (answer.connection.status === 'error') setResult({ state: 'refused' });
        else setResult({ state: 'pending' });
      })
      .catch((failure: unknown) =>
        setResult({ state: 'failed', code: failure instanceof ApiError ? failure.code : 'UNKNOWN' }),
      )
      .finally(() => void queryClient.invalidateQueries({ queryKey: connectionsKeys.all }));
  }, [location.pathname, location.search, navigate, queryClient]);

  return result;
}
