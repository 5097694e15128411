import type { ContractBody } from '@fluxo/domain/contract';
import {
  applyRuleContract,
  createRuleContract,
  deleteRuleContract,
  listRulesContract,
  previewRuleContract,
  updateRuleContract,
} from '@fluxo/domain/treasury/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { classificationKeys, transactionsKeys } from './in-out-keys.ts';

export type RuleFields = ContractBody<typeof createRuleContract>;

export function useRules(enabled = true) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: classificationKeys.rules(organizationId),
    queryFn: ({ signal }) => apiRequest(listRulesContract, { signal }),
    enabled,
  });
}

function useInvalidateRules() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId();
  return () => queryClient.invalidateQueries({ queryKey: classificationKeys.rules(organizationId) });
}

/** Creates a rule (no id) or saves an existing one. */
export function useSaveRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RuleFields }) =>
      id
        ? apiRequest(updateRuleContract, { params: { id }, body })
        : apiRequest(createRuleContract, { body }),
    onSuccess: invalidate,
  });
}

export function useDeleteRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (id: string) => apiRequest(deleteRuleContract, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** How many existing movements some conditions match. */
export function usePreviewRule() {
  return useMutation({
    mutationFn: (conditions: RuleFields['conditions']) =>
      apiRequest(previewRuleContract, { body: { conditions } }),
  });
}

/** "Apply to existing": runs a saved rule over the history. */
export function useApplyRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, overwrite }: { id: string; overwrite: boolean }) =>
      apiRequest(applyRuleContract, { params: { id }, body: { overwrite } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transactionsKeys.all }),
  });
}
