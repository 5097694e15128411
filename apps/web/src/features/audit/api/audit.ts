import {
  type AuditFilters,
  auditExportContract,
  auditListContract,
  getAuditSettingsContract,
  saveAuditSettingsContract,
} from '@fluxo/domain/audit/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../lib/api/binary.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';

export const auditKeys = {
  list: (organizationId: string | null, filters: AuditFilters) =>
    ['audit', 'list', organizationId, filters] as const,
  settings: (organizationId: string | null) => ['audit', 'settings', organizationId] as const,
};

/** The organization's audit log, newest first, a page at a time (keyset cursor). */
export function useAuditLog(filters: AuditFilters) {
  const organizationId = useSelectedOrganizationId();
  return useInfiniteQuery({
    queryKey: auditKeys.list(organizationId, filters),
    queryFn: ({ pageParam }) =>
      apiRequest(auditListContract, {
        query: { ...filters, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: !!organizationId,
  });
}

export function useAuditSettings() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: auditKeys.settings(organizationId),
    queryFn: () => apiRequest(getAuditSettingsContract),
    enabled: !!organizationId,
  });
}

export function useSaveAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) => apiRequest(saveAuditSettingsContract, { body: { retentionDays } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
}

export function useExportAudit() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const { blob, fileName } = await apiDownload(auditExportContract, { query: filters }, 'audit.csv');
      saveBlob(blob, fileName);
    },
  });
}
