import { z } from 'zod';
import { defineContract } from '../contract.ts';

/** Spec §5: subject and message required and trimmed; subject at most 250 characters. */
export const CONTACT_SUBJECT_MAX = 250;
export const CONTACT_MESSAGE_MAX = 5000;
export const ZContactRequest = z.strictObject({
  title: z.string().trim().min(1).max(CONTACT_SUBJECT_MAX),
  message: z.string().trim().min(1).max(CONTACT_MESSAGE_MAX),
  contact: z.string().trim().max(254).optional(),
  motive: z.string().trim().max(100).optional(),
  source: z.string().trim().max(100).optional(),
});
export type ContactRequest = z.input<typeof ZContactRequest>;

export const ZSalesRequest = z.object({
  id: z.number().int(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  organizationId: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  contact: z.string().nullable(),
  motive: z.string().nullable(),
  source: z.string().nullable(),
  createdAt: z.string(),
});

export const TICKET_CATEGORIES = ['question', 'bug', 'billing', 'bank', 'fiscal', 'other'] as const;
export const ZSupportTicketInput = z.strictObject({
  subject: z.string().trim().min(1).max(CONTACT_SUBJECT_MAX),
  message: z.string().trim().min(1).max(CONTACT_MESSAGE_MAX),
  category: z.enum(TICKET_CATEGORIES).default('question'),
});
export const ZSupportTicket = z.object({
  id: z.number().int(),
  subject: z.string(),
  message: z.string(),
  category: z.enum(TICKET_CATEGORIES),
  organizationId: z.string().nullable(),
  attachments: z.array(
    z.object({ id: z.number().int(), fileName: z.string(), mimeType: z.string(), size: z.number().int() }),
  ),
  createdAt: z.string(),
});

/** Attachments: these sniffed types only, at most 10 MiB each, 5 per ticket. */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_TICKET = 5;

export const createSalesRequestContract = defineContract({
  method: 'POST',
  path: '/api/v1/sales/requests',
  body: ZContactRequest,
  response: z.object({ id: z.number().int() }),
  status: 201,
});
export const listSalesRequestsContract = defineContract({
  method: 'GET',
  path: '/api/v1/sales/requests',
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  response: z.array(ZSalesRequest),
});
export const createTicketContract = defineContract({
  method: 'POST',
  path: '/api/v1/sales/requests/tickets',
  body: ZSupportTicketInput,
  response: ZSupportTicket,
  status: 201,
});
export const listTicketsContract = defineContract({
  method: 'GET',
  path: '/api/v1/sales/requests/tickets',
  response: z.array(ZSupportTicket),
});
/** The body is the file's bytes; its name travels in the `X-File-Name` header. */
export const addTicketAttachmentContract = defineContract({
  method: 'POST',
  path: '/api/v1/sales/requests/tickets/:id/attachment',
  params: z.object({ id: z.coerce.number().int().positive() }),
  response: z.object({
    id: z.number().int(),
    fileName: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
  }),
  status: 201,
});
