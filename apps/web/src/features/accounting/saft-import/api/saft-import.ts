import {
  confirmSaftImportContract,
  createSaftImportContract,
  getSaftImportContract,
  onboardSaftImportContract,
  type SaftImport,
} from '@fluxo/domain/accounting/saft-import-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUploadForm } from '../../../../lib/api/binary.ts';
import { apiRequest } from '../../../../lib/api/client.ts';

export const saftImportKeys = {
  all: ['accounting', 'saft-imports'] as const,
  one: (id: string) => ['accounting', 'saft-imports', id] as const,
};

/** A large file takes a while to go up: a longer wait than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 600_000;
const RUNNING = new Set(['queued', 'checking', 'importing']);

/**
 * Sends the SAF-T (and the issuer's public key, when given) as multipart; answers the import at once.
 * `onboard`: into a new organization created from the file's header (the answer names it).
 */
export function useStartSaftImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      publicKey,
      onboard,
    }: {
      file: File;
      publicKey: File | null;
      onboard: boolean;
    }) => {
      const form = new FormData();
      if (publicKey) form.append('publicKey', await publicKey.text());
      form.append('file', file, file.name);
      return apiUploadForm<SaftImport>(
        onboard ? onboardSaftImportContract : createSaftImportContract,
        { timeoutMs: UPLOAD_TIMEOUT_MS },
        form,
      );
    },
    onSuccess: (created) => client.setQueryData(saftImportKeys.one(created.id), created),
  });
}

/** The import's state and report; read again every second while it runs (progress also comes in real time). */
export function useSaftImport(id: string | null) {
  return useQuery({
    queryKey: saftImportKeys.one(id ?? ''),
    queryFn: () => apiRequest(getSaftImportContract, { params: { id: id as string } }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && RUNNING.has(query.state.data.state) ? 1000 : false),
  });
}

export function useConfirmSaftImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(confirmSaftImportContract, { params: { id } }),
    onSuccess: (updated) => client.setQueryData(saftImportKeys.one(updated.id), updated),
  });
}
