import type { ContractBody, ContractResponse } from '@fluxo/domain/contract';
import { buildPath } from '@fluxo/domain/contract';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_TICKET,
  addTicketAttachmentContract,
  createTicketContract,
  listTicketsContract,
} from '@fluxo/domain/sales/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, DEFAULT_TIMEOUT_MS } from '../../../lib/api/client.ts';
import { ClientError, toApiError } from '../../../lib/api/errors.ts';
import { getSelectedOrganizationId, getSession } from '../../../lib/auth/session.ts';

export type SupportTicket = ContractResponse<typeof listTicketsContract>[number];
export type TicketInput = ContractBody<typeof createTicketContract>;
export type TicketAttachment = ContractResponse<typeof addTicketAttachmentContract>;

export const ticketsKeys = { all: ['support', 'tickets'] as const };

export const ticketsQueryOptions = () =>
  queryOptions({ queryKey: ticketsKeys.all, queryFn: () => apiRequest(listTicketsContract) });

/** GET /api/v1/sales/requests/tickets: the user's tickets, newest first as the server sends them. */
export function useTickets() {
  return useQuery(ticketsQueryOptions());
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketInput) => apiRequest(createTicketContract, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKeys.all }),
  });
}

/** Extensions accepted before upload; the server sniffs the bytes and has the last word. */
const EXTENSION_TYPES: Record<string, (typeof ATTACHMENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
export const ATTACHMENT_ACCEPT = [
  ...ATTACHMENT_TYPES,
  ...Object.keys(EXTENSION_TYPES).map((e) => `.${e}`),
].join(',');

/** The i18n key of why a file cannot be attached, or null when it may be uploaded. */
export function attachmentProblem(
  file: { name: string; type: string; size: number },
  alreadyAttached: number,
): string | null {
  if (alreadyAttached >= ATTACHMENTS_PER_TICKET) return 'ERRORS.TOO_MANY_FILES';
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const allowed =
    (ATTACHMENT_TYPES as readonly string[]).includes(file.type) || Object.hasOwn(EXTENSION_TYPES, extension);
  if (!allowed) return 'ERRORS.FILE_TYPE_NOT_ALLOWED';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'ERRORS.FILE_TOO_LARGE';
  if (file.size === 0) return 'SUPPORT.TICKETS.EMPTY_FILE';
  return null;
}

/**
 * POST /api/v1/sales/requests/tickets/:id/attachment with the file's bytes as the body and its
 * name, URI-encoded, in X-File-Name (the JSON client does not send raw bodies).
 */
export async function uploadAttachment(ticketId: number, file: File): Promise<TicketAttachment> {
  const session = getSession();
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/octet-stream',
    'X-File-Name': encodeURIComponent(file.name),
    Timeout: String(DEFAULT_TIMEOUT_MS),
  };
  if (session) headers.Authorization = `Bearer ${session.token}`;
  const orgId = getSelectedOrganizationId();
  if (orgId) headers.OrgId = orgId;
  let response: Response;
  try {
    response = await fetch(buildPath(addTicketAttachmentContract.path, { id: ticketId }), {
      method: 'POST',
      headers,
      body: file,
      signal: AbortSignal.timeout(DEFAULT_TIMEOUT_MS),
    });
  } catch {
    throw new ClientError('NETWORK');
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as TicketAttachment;
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, file }: { ticketId: number; file: File }) => uploadAttachment(ticketId, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsKeys.all }),
  });
}
