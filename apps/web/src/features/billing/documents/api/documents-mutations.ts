import {
  type BillingDocument,
  cancelDocumentContract,
  createDocumentContract,
  deleteDocumentContract,
  issueDocumentContract,
  recordDocumentPaymentContract,
  sendDocumentContract,
  updateDocumentContract,
} from '@fluxo/domain/billing/contracts';
import {
  convertDocumentContract,
  createCreditNoteContract,
} from '@fluxo/domain/billing/conversion-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../../lib/api/idempotency.ts';
import { documentsKeys } from './documents-keys.ts';

export type NewDocumentBody = ContractBody<typeof createDocumentContract>;
export type DraftChanges = ContractBody<typeof updateDocumentContract>;

// Every money mutation carries a fresh Idempotency-Key: one per user action, so a retried request of
// the same click is applied once, and a second click is a second action.

function useDocumentsMutation<I>(mutationFn: (input: I) => Promise<BillingDocument>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (document) => {
      queryClient.setQueryData(documentsKeys.detail(document.id), document);
      return queryClient.invalidateQueries({ queryKey: documentsKeys.all });
    },
  });
}

/** Saves a new draft, or issues it at once with `issue: true`. */
export function useCreateDocument() {
  return useDocumentsMutation((body: NewDocumentBody) =>
    apiRequest(createDocumentContract, { body, headers: idempotencyHeaders() }),
  );
}

export function useUpdateDraft() {
  return useDocumentsMutation(({ id, body }: { id: string; body: DraftChanges }) =>
    apiRequest(updateDocumentContract, { params: { id }, body }),
  );
}

export function useIssueDocument() {
  return useDocumentsMutation((id: string) =>
    apiRequest(issueDocumentContract, { params: { id }, headers: idempotencyHeaders() }),
  );
}

export function useCancelDocument() {
  return useDocumentsMutation(({ id, reason }: { id: string; reason: string }) =>
    apiRequest(cancelDocumentContract, { params: { id }, body: { reason } }),
  );
}

export function useConvertDocument() {
  return useDocumentsMutation(
    ({ id, body }: { id: string; body: ContractBody<typeof convertDocumentContract> }) =>
      apiRequest(convertDocumentContract, { params: { id }, body, headers: idempotencyHeaders() }),
  );
}

export function useCreateCreditNote() {
  return useDocumentsMutation(
    ({ id, body }: { id: string; body: ContractBody<typeof createCreditNoteContract> }) =>
      apiRequest(createCreditNoteContract, { params: { id }, body, headers: idempotencyHeaders() }),
  );
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(deleteDocumentContract, { params: { id } }),
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: documentsKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: documentsKeys.all });
    },
  });
}

export function useSendDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContractBody<typeof sendDocumentContract> }) =>
      apiRequest(sendDocumentContract, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}

/** Money received for one document: the receipt is issued and the document's `settled` grows. */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContractBody<typeof recordDocumentPaymentContract> }) =>
      apiRequest(recordDocumentPaymentContract, { params: { id }, body, headers: idempotencyHeaders() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}
