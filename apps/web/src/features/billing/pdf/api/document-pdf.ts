import { documentPdfContract } from '@fluxo/domain/billing/pdf-contracts';
import { useQuery } from '@tanstack/react-query';
import { apiDownload } from '../../../../lib/api/binary.ts';

/** Rendering a long document can take a few seconds on a busy server. */
const PDF_TIMEOUT_MS = 60_000;

/** A billing document's PDF, read with the session (the printable page frames it and saves it). */
export function useDocumentPdf(id: string) {
  return useQuery({
    queryKey: ['billing', 'documents', id, 'pdf'],
    queryFn: ({ signal }) =>
      apiDownload(documentPdfContract, { params: { id }, signal, timeoutMs: PDF_TIMEOUT_MS }, 'document.pdf'),
    // A document changes (cancellation, payment) through other screens: read it anew on every visit.
    staleTime: 0,
    gcTime: 0,
  });
}
