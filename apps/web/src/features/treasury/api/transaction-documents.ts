import {
  addTransactionDocumentContract,
  deleteTransactionDocumentContract,
  listTransactionDocumentsContract,
  type TransactionDocument,
  transactionDocumentContentContract,
} from '@fluxo/domain/treasury/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiUpload } from '../../../lib/api/binary.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { transactionsKeys } from './in-out-keys.ts';

/** The documents attached to a movement. */
export function useTransactionDocuments(transactionId: string, enabled = true) {
  return useQuery({
    queryKey: transactionsKeys.documents(transactionId),
    queryFn: ({ signal }) =>
      apiRequest(listTransactionDocumentsContract, { params: { id: transactionId }, signal }),
    enabled,
  });
}

/** Uploads are larger than ordinary calls: up to the 10 MB limit on a phone's connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Attaches a receipt or invoice (the server sniffs its type and refuses what it does not keep). */
export function useAddTransactionDocument(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      apiUpload<TransactionDocument>(
        addTransactionDocumentContract,
        { params: { id: transactionId }, timeoutMs: UPLOAD_TIMEOUT_MS },
        file,
        file.name,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKeys.all }),
  });
}

export function useDeleteTransactionDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(deleteTransactionDocumentContract, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKeys.all }),
  });
}

/** A document's bytes, read with the session (for a preview's object URL or a download). */
export function fetchTransactionDocument(document: TransactionDocument, signal?: AbortSignal) {
  return apiDownload(
    transactionDocumentContentContract,
    { params: { id: document.id }, signal, timeoutMs: UPLOAD_TIMEOUT_MS },
    document.fileName,
  );
}
