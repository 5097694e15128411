import { listPartiesContract } from '@fluxo/domain/billing/contracts';
import {
  attachPurchaseFileContract,
  cancelPurchaseContract,
  createPurchaseContract,
  listPurchasesContract,
  type Purchase,
  type PurchasePrefill,
  purchaseFileContract,
  readPurchaseQrContract,
} from '@fluxo/domain/billing/purchases-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiDownload, apiUpload } from '../../../../lib/api/binary.ts';
import { apiRequest } from '../../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../../lib/api/idempotency.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';
import { realtimeQueryKeys } from '../../../../lib/realtime/query-keys.ts';

/**
 * Under the billing documents' key: BILLING_DOCUMENT_CREATED (which the server sends for a new
 * supplier document too) refreshes these lists with the rest of /billing/documents.
 */
export const purchasesKeys = {
  all: [...realtimeQueryKeys.billingDocuments, 'purchases'] as const,
  list: (organizationId: string | null, openOnly: boolean) =>
    [...purchasesKeys.all, organizationId, { openOnly }] as const,
  suppliers: (organizationId: string | null) =>
    [...realtimeQueryKeys.billingDocuments, 'suppliers', organizationId] as const,
};

export const PURCHASES_PAGE_SIZE = 50;
/** Uploads are larger than ordinary calls: up to the 10 MB limit on a phone's connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** The supplier documents, newest first, page after page (keyset cursor). */
export function usePurchases(openOnly: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useInfiniteQuery({
    queryKey: purchasesKeys.list(organizationId, openOnly),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listPurchasesContract, {
        query: {
          limit: PURCHASES_PAGE_SIZE,
          ...(openOnly ? { openOnly: true } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The organization's suppliers, for the form's supplier field. */
export function useSuppliers() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: purchasesKeys.suppliers(organizationId),
    queryFn: ({ signal }) => apiRequest(listPartiesContract, { query: { role: 'supplier' }, signal }),
  });
}

/** The prefill of an AT QR code the browser decoded. */
export function useReadPurchaseQr() {
  return useMutation({
    mutationFn: (qrCode: string): Promise<PurchasePrefill> =>
      apiRequest(readPurchaseQrContract, { body: { qrCode }, appErrorHandling: false }),
  });
}

/**
 * Records the purchase (one Idempotency-Key per save), then keeps its photo or PDF when there is one.
 * A file refused after the purchase was saved leaves the purchase, and says why.
 */
export function useSavePurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      file,
    }: {
      body: ContractBody<typeof createPurchaseContract>;
      file: File | null;
    }): Promise<{ purchase: Purchase; fileError: unknown }> => {
      const purchase = await apiRequest(createPurchaseContract, {
        body,
        headers: idempotencyHeaders(),
        appErrorHandling: false,
      });
      if (!file) return { purchase, fileError: null };
      try {
        const withFile = await apiUpload<Purchase>(
          attachPurchaseFileContract,
          { params: { id: purchase.id }, timeoutMs: UPLOAD_TIMEOUT_MS },
          file,
          file.name,
        );
        return { purchase: withFile, fileError: null };
      } catch (error) {
        return { purchase, fileError: error };
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: realtimeQueryKeys.billingDocuments }),
  });
}

export function useCancelPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(cancelPurchaseContract, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: purchasesKeys.all }),
  });
}

/** The purchase's photo or PDF, read with the session (for an object URL the browser opens). */
export function fetchPurchaseFile(purchase: Purchase) {
  return apiDownload(
    purchaseFileContract,
    { params: { id: purchase.id }, timeoutMs: UPLOAD_TIMEOUT_MS },
    purchase.file?.fileName ?? 'document',
  );
}
