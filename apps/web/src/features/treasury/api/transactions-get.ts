import type { ContractResponse } from '@fluxo/domain/contract';
import { getTransactionContract, type listTransactionsContract } from '@fluxo/domain/treasury/contracts';
import type { Transaction } from '@fluxo/domain/treasury/model';
import { type InfiniteData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client.ts';
import { transactionsKeys } from './in-out-keys.ts';

type Page = ContractResponse<typeof listTransactionsContract>;

/** One movement; starts from the copy already in a loaded list page, then reads it fresh. */
export function useTransaction(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery<Transaction, Error, Transaction, ReturnType<typeof transactionsKeys.detail>>({
    queryKey: transactionsKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiRequest(getTransactionContract, { params: { id: id ?? '' }, signal }),
    enabled: !!id,
    placeholderData: (): Transaction | undefined => {
      for (const [, data] of queryClient.getQueriesData<InfiniteData<Page>>({
        queryKey: [...transactionsKeys.all, 'list'],
      })) {
        for (const page of data?.pages ?? []) {
          const found = page.items.find((item) => item.id === id);
          if (found) return found;
        }
      }
      return undefined;
    },
  });
}
