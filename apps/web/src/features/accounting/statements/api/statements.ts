import {
  type AccountingStatementFormat,
  type AccountingStatementKind,
  balanceSheetContract,
  exportStatementContract,
  generalLedgerContract,
  incomeStatementContract,
  trialBalanceContract,
  vatSummaryContract,
} from '@fluxo/domain/accounting/statements-contracts';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../../lib/api/binary.ts';
import { apiRequest } from '../../../../lib/api/client.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';
import type { StatementPeriod } from '../lib/statement-period.ts';

/** Lines per page of a general ledger ("load more" asks for the next). */
export const LEDGER_PAGE_SIZE = 100;

const keys = {
  all: (organizationId: string | null) => ['accounting', 'statements', organizationId] as const,
  one: (organizationId: string | null, kind: string, period: StatementPeriod, extra?: string) =>
    [...keys.all(organizationId), kind, period.from, period.to, extra ?? ''] as const,
};

export function useTrialBalance(period: StatementPeriod, enabled: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: keys.one(organizationId, 'trial-balance', period),
    queryFn: ({ signal }) => apiRequest(trialBalanceContract, { query: period, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useBalanceSheet(period: StatementPeriod, enabled: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: keys.one(organizationId, 'balance-sheet', period),
    queryFn: ({ signal }) => apiRequest(balanceSheetContract, { query: period, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useIncomeStatement(period: StatementPeriod, enabled: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: keys.one(organizationId, 'income-statement', period),
    queryFn: ({ signal }) => apiRequest(incomeStatementContract, { query: period, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useVatSummary(period: StatementPeriod, enabled: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useQuery({
    queryKey: keys.one(organizationId, 'vat-summary', period),
    queryFn: ({ signal }) => apiRequest(vatSummaryContract, { query: period, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** An account's lines, page after page (keyset cursor), each with its running balance. */
export function useGeneralLedger(period: StatementPeriod, account: string, enabled: boolean) {
  const organizationId = useSelectedOrganizationId();
  return useInfiniteQuery({
    queryKey: keys.one(organizationId, 'general-ledger', period, account),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(generalLedgerContract, {
        query: { ...period, account, limit: LEDGER_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: enabled && account.length > 0,
  });
}

/** Downloads a statement as CSV, XLSX or PDF through the authenticated client, then saves it. */
export function useStatementDownload() {
  return useMutation({
    mutationFn: async (input: {
      statement: AccountingStatementKind;
      format: AccountingStatementFormat;
      period: StatementPeriod;
      account?: string;
    }) => {
      const { blob, fileName } = await apiDownload(
        exportStatementContract,
        {
          query: {
            statement: input.statement,
            format: input.format,
            ...input.period,
            ...(input.account ? { account: input.account } : {}),
          },
          timeoutMs: 120_000,
        },
        `${input.statement}-${input.period.from}-${input.period.to}.${input.format}`,
      );
      saveBlob(blob, fileName);
      return fileName;
    },
  });
}
