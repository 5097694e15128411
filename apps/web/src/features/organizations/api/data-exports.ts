import {
  downloadDataExportContract,
  listDataExportsContract,
  startDataExportContract,
} from '@fluxo/domain/organizations/data-export-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/api/binary.ts';
import { apiRequest } from '../../../lib/api/client.ts';

export const dataExportKeys = {
  all: ['organization-exports'] as const,
  list: (organizationId: string) => ['organization-exports', organizationId] as const,
};

/** A big archive takes a while to come down. */
const DOWNLOAD_TIMEOUT_MS = 600_000;

/** The organization's exports, newest first (owners only). */
export function useDataExports(organizationId: string) {
  return useQuery({
    queryKey: dataExportKeys.list(organizationId),
    queryFn: () => apiRequest(listDataExportsContract, { organizationId }),
    // The real-time channel moves the bar; while a build runs, a slow poll covers a dropped socket.
    refetchInterval: (query) =>
      ['pending', 'running'].includes(query.state.data?.items[0]?.status ?? '') ? 5_000 : false,
  });
}

/** Asks for a new export; the job's progress then arrives over the real-time channel. */
export function useStartDataExport(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(startDataExportContract, { organizationId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportKeys.list(organizationId) }),
  });
}

/** Downloads a finished archive through the authenticated client and saves it. */
export function useDownloadDataExport(organizationId: string) {
  return useMutation({
    mutationFn: async (id: string) => {
      const { blob, fileName } = await apiDownload(
        downloadDataExportContract,
        { params: { id }, organizationId, timeoutMs: DOWNLOAD_TIMEOUT_MS },
        'fluxo-export.zip',
      );
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
