import {
  createEntryContract,
  getEntryContract,
  listEntriesContract,
  listFiscalYearsContract,
  listJournalsContract,
  lockPeriodContract,
  reverseEntryContract,
  unlockPeriodContract,
} from '@fluxo/domain/accounting/ledger-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../../lib/api/idempotency.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';

// The journal's calls: journals, entries (keyset pages), one entry, manual entries and reversals,
// fiscal years and their periods. Everything of the ledger sits under one key root: a posting, a
// reversal or a lock refreshes the lists, the periods' counts and the chart's balances together.

export const ledgerKeys = {
  all: ['accounting', 'ledger'] as const,
  journals: (organizationId: string | null) => [...ledgerKeys.all, organizationId, 'journals'] as const,
  entries: (organizationId: string | null, filters: EntryFilters) =>
    [...ledgerKeys.all, organizationId, 'entries', filters] as const,
  entry: (organizationId: string | null, id: string | null) =>
    [...ledgerKeys.all, organizationId, 'entry', id] as const,
  years: (organizationId: string | null) => [...ledgerKeys.all, organizationId, 'fiscal-years'] as const,
};

export interface EntryFilters {
  journalId?: string;
  from?: string;
  to?: string;
  accountCode?: string;
  q?: string;
}

export const ENTRIES_PAGE_SIZE = 50;

export function useJournals() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: ledgerKeys.journals(organizationId),
    queryFn: ({ signal }) => apiRequest(listJournalsContract, { signal }),
  });
}

/** The entries the filters select, newest first, page after page; totals over the whole selection. */
export function useEntries(filters: EntryFilters) {
  const organizationId = useSelectedOrganizationId();
  return useInfiniteQuery({
    queryKey: ledgerKeys.entries(organizationId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listEntriesContract, {
        query: { limit: ENTRIES_PAGE_SIZE, ...filters, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useEntry(id: string | null) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: ledgerKeys.entry(organizationId, id),
    queryFn: ({ signal }) => apiRequest(getEntryContract, { params: { id: id as string }, signal }),
    enabled: id !== null,
  });
}

export function useFiscalYears() {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: ledgerKeys.years(organizationId),
    queryFn: ({ signal }) => apiRequest(listFiscalYearsContract, { signal }),
  });
}

function useLedgerMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['accounting'] }),
  });
}

export type ManualEntryBody = ContractBody<typeof createEntryContract>;

/** Posts a manual entry (one Idempotency-Key per attempt); errors are shown by the form. */
export function useCreateEntry() {
  return useLedgerMutation((body: ManualEntryBody) =>
    apiRequest(createEntryContract, { body, headers: idempotencyHeaders(), appErrorHandling: false }),
  );
}

export function useReverseEntry() {
  return useLedgerMutation(({ id, date }: { id: string; date: string }) =>
    apiRequest(reverseEntryContract, {
      params: { id },
      body: { date },
      headers: idempotencyHeaders(),
      appErrorHandling: false,
    }),
  );
}

export function useLockPeriod() {
  return useLedgerMutation(({ id, lock }: { id: string; lock: boolean }) =>
    apiRequest(lock ? lockPeriodContract : unlockPeriodContract, { params: { id }, appErrorHandling: false }),
  );
}
