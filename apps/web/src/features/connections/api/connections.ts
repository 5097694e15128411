import type { ConnectionAuthType } from '@fluxo/domain/code-tables';
import {
  answerConnectionAuthContract,
  connectionOkContract,
  createConnectionContract,
  listConnectionsContract,
  listInstitutionsContract,
  renewConnectionContract,
  setupConnectionContract,
} from '@fluxo/domain/connections/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { connectionsKeys } from './get-connection-eligibility.ts';

export const connectionsListKey = (organizationId: string) =>
  [...connectionsKeys.all, organizationId, 'list'] as const;
export const institutionsKey = [...connectionsKeys.all, 'institutions'] as const;

/** The organization's bank connections (name, institution, status). */
export function useConnections(organizationId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: connectionsListKey(organizationId ?? ''),
      queryFn: () => apiRequest(listConnectionsContract, { organizationId }),
      enabled: !!organizationId,
    }),
  );
}

/** GET /api/v1/connections/institutions. */
export function useInstitutions(enabled: boolean) {
  return useQuery({
    queryKey: institutionsKey,
    queryFn: () => apiRequest(listInstitutionsContract, { query: {} }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * Adds a connection and starts its authentication. Sandbox-style banks: POST /api/v1/connections, then
 * /:id/setup, and the two-factor challenge arrives through the real-time channel
 * (CONNECTION_STATUS_CHANGED). Banks behind an aggregator: the answer carries `authorizationUrl`, the
 * bank's consent page, where the browser goes next.
 */
export function useAddConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { institutionCode: string; name: string; authType?: ConnectionAuthType }) => {
      const created = await apiRequest(createConnectionContract, {
        body: input,
        appErrorHandling: false,
      });
      if (created.consentFlow === 'redirect') return created;
      return apiRequest(setupConnectionContract, { params: { id: created.id }, appErrorHandling: false });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKeys.all }),
  });
}

/** A new consent at the bank (PATCH /:id/renew); for aggregator banks the answer carries `authorizationUrl`. */
export function useRenewConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(renewConnectionContract, { params: { id }, appErrorHandling: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionsKeys.all }),
  });
}

/** Back from the bank: POST /:id/ok with what the redirect carried (code or error). */
export function confirmConnection(id: string, back: { code?: string; error?: string }) {
  return apiRequest(connectionOkContract, { params: { id }, body: back, appErrorHandling: false });
}

/** The user's two-factor answer: POST /api/v1/bankonnector/connections/:id/auth/{authType}. */
export function answerConnectionAuth(id: string, authType: ConnectionAuthType, value: string) {
  return apiRequest(answerConnectionAuthContract, {
    params: { id, authType },
    body: { value },
    appErrorHandling: false,
  });
}
