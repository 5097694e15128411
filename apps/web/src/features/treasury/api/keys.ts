import { realtimeQueryKeys } from '../../../lib/realtime/query-keys.ts';

/**
 * Query keys of the treasury screens. They start with the roots the real-time events refresh
 * (lib/realtime/query-keys): accounts, daily balances and POS batches under `accounts`, so any
 * account or statement event reads them again; imports under `statements`.
 */
export const treasuryKeys = {
  accounts: (organizationId: string) => [...realtimeQueryKeys.accounts, organizationId] as const,
  accountList: (organizationId: string, includeArchived: boolean) =>
    [...treasuryKeys.accounts(organizationId), 'list', includeArchived] as const,
  balances: (organizationId: string, from: string, to: string) =>
    [...treasuryKeys.accounts(organizationId), 'balances', from, to] as const,
  pos: (organizationId: string) => [...treasuryKeys.accounts(organizationId), 'pos'] as const,
  posCandidates: (organizationId: string, batchId: string) =>
    [...treasuryKeys.pos(organizationId), 'candidates', batchId] as const,
  imports: (organizationId: string, accountId: string) =>
    [...realtimeQueryKeys.statements, organizationId, accountId] as const,
};
