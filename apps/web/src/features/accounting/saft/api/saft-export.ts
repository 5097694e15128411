import { exportSaftContract, type SaftBasis } from '@fluxo/domain/billing/saft-contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../../lib/api/binary.ts';

/** A year of documents streams for a while: a longer wait than an ordinary call. */
const EXPORT_TIMEOUT_MS = 300_000;

/** Downloads the SAF-T of a period and basis (F, C or I) through the authenticated client, then saves it. */
export function useSaftExport() {
  return useMutation({
    mutationFn: async ({ basis, from, to }: { basis: SaftBasis; from: string; to: string }) => {
      const { blob, fileName } = await apiDownload(
        exportSaftContract,
        { query: { basis, from, to }, timeoutMs: EXPORT_TIMEOUT_MS },
        basis === 'F' ? `SAFT-PT_${from}_${to}.xml` : `SAFT-PT_${basis}_${from}_${to}.xml`,
      );
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
