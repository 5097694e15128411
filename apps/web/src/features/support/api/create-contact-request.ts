import type { ContractBody } from '@fluxo/domain/contract';
import { createSalesRequestContract } from '@fluxo/domain/sales/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';

export type ContactRequestInput = ContractBody<typeof createSalesRequestContract>;

/** POST /api/v1/sales/requests: the contact request (stored, seen by Admins, mailed to sales). */
export function useCreateContactRequest() {
  return useMutation({
    mutationFn: (body: ContactRequestInput) => apiRequest(createSalesRequestContract, { body }),
  });
}
