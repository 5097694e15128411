import { exportTransactionsContract } from '@fluxo/domain/treasury/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/api/binary.ts';
import { filtersToQuery, type InOutFilters } from '../lib/in-out-filters.ts';

/** Exports can take a while on a large set: a longer wait than an ordinary call. */
const EXPORT_TIMEOUT_MS = 120_000;

/** Downloads the filtered movements as CSV or XLSX through the authenticated client, then saves the file. */
export function useExportTransactions() {
  return useMutation({
    mutationFn: async ({ filters, format }: { filters: InOutFilters; format: 'csv' | 'xlsx' }) => {
      const { blob, fileName } = await apiDownload(
        exportTransactionsContract,
        { query: { ...filtersToQuery(filters), format }, timeoutMs: EXPORT_TIMEOUT_MS },
        `movements.${format}`,
      );
      saveBlob(blob, fileName);
    },
  });
}
