import { realtimeQueryKeys } from '../../../../lib/realtime/query-keys.ts';

/**
 * Query keys of the current-account screens. They sit under the billing documents' root, so the
 * BILLING_DOCUMENT_CREATED event (an invoice, credit note or receipt issued anywhere) reads them again.
 */
export const currentAccountKeys = {
  all: (organizationId: string) =>
    [...realtimeQueryKeys.billingDocuments, 'current-account', organizationId] as const,
  aging: (organizationId: string, role: string, asOf: string) =>
    [...currentAccountKeys.all(organizationId), 'aging', role, asOf] as const,
  statement: (organizationId: string, partyId: string, role: string, from: string, to: string) =>
    [...currentAccountKeys.all(organizationId), 'statement', partyId, role, from, to] as const,
  candidates: (organizationId: string, partyId: string, direction: string, amount: number) =>
    [...currentAccountKeys.all(organizationId), 'candidates', partyId, direction, amount] as const,
};
