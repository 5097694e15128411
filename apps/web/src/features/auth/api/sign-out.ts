import { signoutContract } from '@fluxo/domain/auth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { clearSession } from '../../../lib/auth/session.ts';

/** Ends the session on the server, then here; a server that cannot be reached does not keep the user in. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(signoutContract).catch(() => undefined),
    onSettled: () => {
      clearSession('signout');
      queryClient.clear();
    },
  });
}
