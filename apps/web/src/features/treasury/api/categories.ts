import type { ContractBody } from '@fluxo/domain/contract';
import {
  createCategoryContract,
  deleteCategoryContract,
  listCategoriesContract,
  updateCategoryContract,
} from '@fluxo/domain/treasury/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { classificationKeys, transactionsKeys } from './in-out-keys.ts';

/** The organization's income and expense categories (archived ones included: old movements still show them). */
export function useCategories() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: classificationKeys.categories(organizationId),
    queryFn: ({ signal }) => apiRequest(listCategoriesContract, { signal }),
    staleTime: 60_000,
  });
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId();
  return () => queryClient.invalidateQueries({ queryKey: classificationKeys.categories(organizationId) });
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: ContractBody<typeof createCategoryContract>) =>
      apiRequest(createCategoryContract, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContractBody<typeof updateCategoryContract> }) =>
      apiRequest(updateCategoryContract, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** Deletes an unused category; the server archives one in use instead. */
export function useDeleteCategory() {
  const invalidate = useInvalidateCategories();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(deleteCategoryContract, { params: { id } }),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: transactionsKeys.all })]),
  });
}
