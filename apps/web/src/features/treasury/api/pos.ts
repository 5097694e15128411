import type { ContractBody, ContractResponse } from '@fluxo/domain/contract';
import {
  createPosBatchContract,
  importPosBatchesContract,
  listAccountsContract,
  listPosBatchesContract,
  matchPosSettlementContract,
  posSettlementCandidatesContract,
  unmatchPosSettlementContract,
} from '@fluxo/domain/treasury/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';
import { treasuryKeys } from './keys.ts';
import { uploadFile } from './upload-file.ts';

export type PosBatchList = ContractResponse<typeof listPosBatchesContract>;
export type CreatePosBatchBody = ContractBody<typeof createPosBatchContract>;
export type PosImportResult = ContractResponse<typeof importPosBatchesContract>;

/** GET /api/v1/treasury/pos/batches: every batch of the terminals the user sees, with the totals. */
export const posBatchesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: treasuryKeys.pos(organizationId),
    queryFn: () => apiRequest(listPosBatchesContract, { organizationId, query: {} }),
    enabled: organizationId !== '',
  });

export function usePosBatches() {
  return useQuery(posBatchesQueryOptions(useSelectedOrganizationId() ?? ''));
}

/** Bank movements that could carry a batch's settlement. */
export function useSettlementCandidates(batchId: string | null) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: treasuryKeys.posCandidates(organizationId, batchId ?? ''),
    queryFn: () =>
      apiRequest(posSettlementCandidatesContract, { organizationId, params: { id: batchId ?? '' } }),
    enabled: organizationId !== '' && !!batchId,
  });
}

function useInvalidateTreasury() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.accounts });
}

export function useCreatePosBatch() {
  const invalidate = useInvalidateTreasury();
  return useMutation({
    mutationFn: (body: CreatePosBatchBody) =>
      apiRequest(createPosBatchContract, { body, appErrorHandling: false }),
    onSuccess: invalidate,
  });
}

/** The acquirer's settlement CSV for a terminal, as the raw body. */
export function useImportPosBatches() {
  const invalidate = useInvalidateTreasury();
  return useMutation({
    mutationFn: ({ accountId, file }: { accountId: string; file: File }) =>
      uploadFile<PosImportResult>({ path: importPosBatchesContract.path, params: { id: accountId }, file }),
    onSuccess: invalidate,
  });
}

export function useMatchSettlement() {
  const invalidate = useInvalidateTreasury();
  return useMutation({
    mutationFn: ({ batchId, transactionId }: { batchId: string; transactionId: string }) =>
      apiRequest(matchPosSettlementContract, {
        params: { id: batchId },
        body: { transactionId },
        appErrorHandling: false,
      }),
    onSuccess: invalidate,
  });
}

export function useUnmatchSettlement() {
  const invalidate = useInvalidateTreasury();
  return useMutation({
    mutationFn: (batchId: string) =>
      apiRequest(unmatchPosSettlementContract, { params: { id: batchId }, appErrorHandling: false }),
    onSuccess: invalidate,
  });
}

/**
 * The POS terminals (accounts of kind pos). A member with only treasury.pos may not be allowed the
 * accounts list: the page then names terminals from their batches, so no app-wide 403 page here.
 */
export function usePosTerminals() {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: [...treasuryKeys.pos(organizationId), 'terminals'],
    queryFn: async () => {
      const list = await apiRequest(listAccountsContract, {
        organizationId,
        query: {},
        appErrorHandling: false,
      });
      return list.accounts.filter((account) => account.kind === 'pos' && !account.archived);
    },
    enabled: organizationId !== '',
    retry: false,
  });
}
