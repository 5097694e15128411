import { recordPaymentContract } from '@fluxo/domain/billing/contracts';
import {
  cancelPaymentContract,
  currentAccountContract,
  movementCandidatesContract,
  type PartyRole,
  sendReminderContract,
  statementContract,
  statementPdfContract,
} from '@fluxo/domain/billing/payments-contracts';
import type { ContractBody } from '@fluxo/domain/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, saveBlob } from '../../../../lib/api/binary.ts';
import { apiRequest } from '../../../../lib/api/client.ts';
import { idempotencyHeaders } from '../../../../lib/api/idempotency.ts';
import { useSelectedOrganizationId } from '../../../../lib/auth/session.ts';
import { currentAccountKeys } from './keys.ts';

/** Who owes what, aged by due date, on `asOf` (empty: today). */
export function useCurrentAccount(role: PartyRole, asOf: string) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: currentAccountKeys.aging(organizationId, role, asOf),
    queryFn: ({ signal }) =>
      apiRequest(currentAccountContract, {
        organizationId,
        query: { role, ...(asOf ? { asOf } : {}) },
        signal,
      }),
    enabled: organizationId !== '',
    placeholderData: keepPreviousData,
  });
}

/** One party's statement: opening balance, movements with the running balance, open items. */
export function useStatement(partyId: string | null, role: PartyRole, from: string, to: string) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: currentAccountKeys.statement(organizationId, partyId ?? '', role, from, to),
    queryFn: ({ signal }) =>
      apiRequest(statementContract, {
        organizationId,
        params: { partyId: partyId ?? '' },
        query: { role, ...(from ? { from } : {}), ...(to ? { to } : {}) },
        signal,
      }),
    enabled: organizationId !== '' && !!partyId,
  });
}

/** Treasury movements the payment could have arrived on (or left by), the closest amount first. */
export function useMovementCandidates(
  partyId: string,
  direction: 'in' | 'out',
  amount: number,
  enabled: boolean,
) {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useQuery({
    queryKey: currentAccountKeys.candidates(organizationId, partyId, direction, amount),
    queryFn: ({ signal }) =>
      apiRequest(movementCandidatesContract, {
        organizationId,
        query: { partyId, direction, ...(amount > 0 ? { amount } : {}) },
        signal,
      }),
    enabled: organizationId !== '' && enabled,
  });
}

export type RecordPaymentBody = ContractBody<typeof recordPaymentContract>;

/** Records a payment across documents; each attempt carries its own Idempotency-Key. */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId() ?? '';
  return useMutation({
    mutationFn: (body: RecordPaymentBody) =>
      apiRequest(recordPaymentContract, { organizationId, body, headers: idempotencyHeaders() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentAccountKeys.all(organizationId) }),
  });
}

export function useSendReminder() {
  const organizationId = useSelectedOrganizationId() ?? '';
  return useMutation({
    mutationFn: ({ partyId, ...body }: { partyId: string } & ContractBody<typeof sendReminderContract>) =>
      apiRequest(sendReminderContract, { organizationId, params: { partyId }, body }),
  });
}

/** Downloads the statement PDF through the authenticated client, then saves it. */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: async ({
      partyId,
      role,
      from,
      to,
    }: {
      partyId: string;
      role: PartyRole;
      from: string;
      to: string;
    }) => {
      const { blob, fileName } = await apiDownload(
        statementPdfContract,
        { params: { partyId }, query: { role, ...(from ? { from } : {}), ...(to ? { to } : {}) } },
        'statement.pdf',
      );
      saveBlob(blob, fileName);
    },
  });
}

/** Cancels a payment with its reason: its receipt gets status A and what it settled is open again. */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  const organizationId = useSelectedOrganizationId() ?? '';
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest(cancelPaymentContract, {
        organizationId,
        params: { id },
        body: { reason },
        headers: idempotencyHeaders(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentAccountKeys.all(organizationId) }),
  });
}
