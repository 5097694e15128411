import type { PluginKey } from '@fluxo/domain/plugins/catalogue';
import {
  listPluginsContract,
  savePluginContract,
  setPluginEnabledContract,
  testPluginContract,
} from '@fluxo/domain/plugins/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';

/** Under the `plugins` root, which REFRESH_PLUGIN invalidates (lib/realtime/handlers.ts). */
export const pluginsKeys = {
  all: realtimeQueryKeys.plugins,
  list: (organizationId: string) => [...realtimeQueryKeys.plugins, organizationId] as const,
};

export function usePlugins(organizationId: string) {
  return useQuery({
    queryKey: pluginsKeys.list(organizationId),
    queryFn: () => apiRequest(listPluginsContract, { organizationId }),
  });
}

/** Save, enable/disable and test one plugin; the list is read again after a change. Errors shown in place. */
export function usePluginMutations(organizationId: string, key: PluginKey) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: pluginsKeys.list(organizationId) });
  const base = { organizationId, appErrorHandling: false, params: { key } } as const;
  return {
    save: useMutation({
      mutationFn: (body: {
        config: Record<string, string | number | boolean>;
        secrets?: Record<string, string | null>;
      }) => apiRequest(savePluginContract, { ...base, body }),
      onSuccess,
    }),
    setEnabled: useMutation({
      mutationFn: (enabled: boolean) => apiRequest(setPluginEnabledContract, { ...base, body: { enabled } }),
      onSuccess,
    }),
    test: useMutation({
      mutationFn: () => apiRequest(testPluginContract, base),
    }),
  };
}
