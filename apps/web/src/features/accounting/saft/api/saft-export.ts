import { exportSaftContract } from '@fluxo/domain/billing/saft-contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../../lib/api/binary.ts';

/** A year of documents streams for a while: a longer wait than an ordinary call. */
const EXPORT_TIMEOUT_MS = 300_000;

/** Downloads the billing SAF-T (PT) of a period through the authenticated client, then saves it. */
export function useSaftExport() {
  return useMutation({
    mutationFn: async ({ from, to }: { from: string; to: string }) => {
      const { blob, fileName } = await apiDownload(
        exportSaftContract,
        { query: { basis: 'F', from, to }, timeoutMs: EXPORT_TIMEOUT_MS },
        `SAFT-PT_${from}_${to}.xml`,
      );
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
