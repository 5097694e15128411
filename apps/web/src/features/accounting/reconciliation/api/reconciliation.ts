import {
  applyReconciliationRuleContract,
  confirmReconciliationContract,
  createReconciliationRuleContract,
  deleteReconciliationRuleContract,
  listReconciliationRulesContract,
  reconciliationAccountsContract,
  reconciliationCandidatesContract,
  reconciliationSuggestionsContract,
  reconciliationWriteOffAccountsContract,
  rejectSuggestionContract,
  undoReconciliationContract,
} from '@fluxo/domain/accounting/reconciliation-contracts';
import { listPartiesContract } from '@fluxo/domain/billing/contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../../lib/api/idempotency.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';
import { realtimeQueryKeys } from '../../../../lib/realtime/query-keys.ts';

/**
 * Query keys of the reconciliation screen. They sit under the movements' root, so UPDATE_TRANSACTION (a
 * match confirmed or undone by anyone) and UPDATE_STATEMENT (a statement imported, a rule applied) read
 * the queue again on every open screen.
 */
export const reconciliationKeys = {
  all: (organizationId: string) =>
    [...realtimeQueryKeys.transactions, 'reconciliation', organizationId] as const,
  accounts: (organizationId: string) => [...reconciliationKeys.all(organizationId), 'accounts'] as const,
  queue: (organizationId: string, accountId: string) =>
    [...reconciliationKeys.all(organizationId), 'queue', accountId] as const,
  candidates: (organizationId: string, transactionId: string, q: string) =>
    [...reconciliationKeys.all(organizationId), 'candidates', transactionId, q] as const,
  writeOffAccounts: (organizationId: string) =>
    [...reconciliationKeys.all(organizationId), 'write-off'] as const,
  rules: (organizationId: string) => [...reconciliationKeys.all(organizationId), 'rules'] as const,
  parties: (organizationId: string, q: string) =>
    [...reconciliationKeys.all(organizationId), 'parties', q] as const,
};

export function useReconciliationAccounts() {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: reconciliationKeys.accounts(organizationId),
    queryFn: ({ signal }) => apiRequest(reconciliationAccountsContract, { organizationId, signal }),
    enabled: organizationId !== '',
  });
}

/** The account's queue, page after page (keyset), with the month's progress. */
export function useReconciliationQueue(accountId: string | null) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useInfiniteQuery({
    queryKey: reconciliationKeys.queue(organizationId, accountId ?? ''),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      apiRequest(reconciliationSuggestionsContract, {
        organizationId,
        query: { accountId: accountId ?? '', limit: 25, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: organizationId !== '' && !!accountId,
  });
}

export function useCandidates(transactionId: string | null, q: string) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: reconciliationKeys.candidates(organizationId, transactionId ?? '', q),
    queryFn: ({ signal }) =>
      apiRequest(reconciliationCandidatesContract, {
        organizationId,
        query: { transactionId: transactionId ?? '', limit: 30, ...(q ? { q } : {}) },
        signal,
      }),
    enabled: organizationId !== '' && !!transactionId,
    placeholderData: keepPreviousData,
  });
}

export function useWriteOffAccounts(enabled: boolean) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: reconciliationKeys.writeOffAccounts(organizationId),
    queryFn: ({ signal }) => apiRequest(reconciliationWriteOffAccountsContract, { organizationId, signal }),
    enabled: organizationId !== '' && enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId() ?? '';
  return {
    organizationId,
    invalidate: () => queryClient.invalidateQueries({ queryKey: reconciliationKeys.all(organizationId) }),
  };
}

export type ConfirmBody = ContractBody<typeof confirmReconciliationContract>;

/** Confirms a match; each attempt carries its own Idempotency-Key. */
export function useConfirmMatch() {
  const { organizationId, invalidate } = useInvalidate();
  return useMutation({
    mutationFn: (body: ConfirmBody) =>
      apiRequest(confirmReconciliationContract, { organizationId, body, headers: idempotencyHeaders() }),
    onSuccess: invalidate,
  });
}

export function useUndoMatch() {
  const { organizationId, invalidate } = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(undoReconciliationContract, {
        organizationId,
        params: { id },
        headers: idempotencyHeaders(),
      }),
    onSuccess: invalidate,
  });
}

export function useRejectSuggestion() {
  const { organizationId, invalidate } = useInvalidate();
  return useMutation({
    mutationFn: (body: ContractBody<typeof rejectSuggestionContract>) =>
      apiRequest(rejectSuggestionContract, { organizationId, body }),
    onSuccess: invalidate,
  });
}

export function useRules() {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: reconciliationKeys.rules(organizationId),
    queryFn: ({ signal }) => apiRequest(listReconciliationRulesContract, { organizationId, signal }),
    enabled: organizationId !== '',
  });
}

export function useCreateRule() {
  const { organizationId, invalidate } = useInvalidate();
  return useMutation({
    mutationFn: (body: ContractBody<typeof createReconciliationRuleContract>) =>
      apiRequest(createReconciliationRuleContract, { organizationId, body, headers: idempotencyHeaders() }),
    onSuccess: invalidate,
  });
}

export function useApplyRule() {
  const { organizationId, invalidate } = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(applyReconciliationRuleContract, {
        organizationId,
        params: { id },
        headers: idempotencyHeaders(),
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteRule() {
  const { organizationId, invalidate } = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(deleteReconciliationRuleContract, { organizationId, params: { id } }),
    onSuccess: invalidate,
  });
}

/** Customers and suppliers for a rule's party picker. */
export function useParties(q: string) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: reconciliationKeys.parties(organizationId, q),
    queryFn: ({ signal }) =>
      apiRequest(listPartiesContract, { organizationId, query: q ? { q } : {}, signal }),
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
  });
}
