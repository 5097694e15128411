import type { TransactionFilters } from '@fluxo/domain/treasury/contracts';
import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';

/**
 * Query keys of the movements screen. Movements start with the real-time root `transactions`, so
 * UPDATE_TRANSACTION, UPDATE_STATEMENT and UPDATE_TRANSACTION_DOCUMENTS_TOTAL reach the list, its
 * totals, a movement and its documents. Categories, merchants and rules are the organization's.
 */
export const transactionsKeys = {
  all: realtimeQueryKeys.transactions,
  lists: (organizationId: string | null) => [...transactionsKeys.all, 'list', organizationId] as const,
  list: (organizationId: string | null, filters: TransactionFilters, sort: string) =>
    [...transactionsKeys.lists(organizationId), filters, sort] as const,
  detail: (id: string) => [...transactionsKeys.all, 'detail', id] as const,
  documents: (id: string) => [...transactionsKeys.all, 'documents', id] as const,
  transferCandidates: (id: string) => [...transactionsKeys.all, 'transfer-candidates', id] as const,
};

export const classificationKeys = {
  categories: (organizationId: string | null) => ['treasury', 'categories', organizationId] as const,
  merchants: (organizationId: string | null) => ['treasury', 'merchants', organizationId] as const,
  rules: (organizationId: string | null) => ['treasury', 'rules', organizationId] as const,
};

/** The accounts as the movements screen reads them (under the real-time `accounts` root). */
export const inOutAccountsKeys = {
  list: (organizationId: string | null) => [...realtimeQueryKeys.accounts, 'in-out', organizationId] as const,
};
