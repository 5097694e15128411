import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  ATTACHMENTS_PER_TICKET,
  type ContactRequest,
  type TICKET_CATEGORIES,
} from '@fluxo/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import * as repository from './sales.repository.ts';

export interface SalesDeps {
  db: Db;
  mailer: Mailer;
  salesEmail: string;
}

interface Caller {
  userId: string;
  email: string;
  name: string;
  organizationId: string | null;
}

/** Stores the contact request, then mails it to the sales address (the request is kept even if mail fails). */
export async function createSalesRequest(
  deps: SalesDeps,
  caller: Caller,
  input: ContactRequest,
  log: (e: unknown) => void,
) {
  const id = await repository.insertSalesRequest(deps.db, {
    userId: caller.userId,
    organizationId: caller.organizationId,
    title: input.title,
    message: input.message,
    contact: input.contact ?? caller.email,
    motive: input.motive ?? null,
    source: input.source ?? null,
  });
  const lines = [
    `From: ${caller.name} <${caller.email}>`,
    `Contact: ${input.contact ?? caller.email}`,
    `Organization: ${caller.organizationId ?? '—'}`,
    `Motive: ${input.motive ?? '—'}`,
    `Source: ${input.source ?? '—'}`,
    '',
    input.message,
  ];
  await deps.mailer
    .send({ to: deps.salesEmail, subject: `[Fluxo contact #${id}] ${input.title}`, text: lines.join('\n') })
    .catch(log);
  return id;
}

export async function listSalesRequests(deps: SalesDeps, limit: number) {
  const rows = await repository.listSalesRequests(deps.db, limit);
  return rows.map(({ request, userEmail }) => ({
    ...request,
    userEmail,
    createdAt: request.createdAt.toISOString(),
  }));
}

async function withAttachments(db: Db, tickets: Awaited<ReturnType<typeof repository.ticketsOfUser>>) {
  const attachments = await repository.attachmentsOf(
    db,
    tickets.map((t) => t.id),
  );
  return tickets.map((ticket) => ({
    id: ticket.id,
    subject: ticket.subject,
    message: ticket.message,
    category: ticket.category as (typeof TICKET_CATEGORIES)[number],
    organizationId: ticket.organizationId,
    createdAt: ticket.createdAt.toISOString(),
    attachments: attachments
      .filter((a) => a.ticketId === ticket.id)
      .map(({ ticketId: _ticket, ...rest }) => rest),
  }));
}

export async function createTicket(
  deps: SalesDeps,
  caller: Caller,
  input: { subject: string; message: string; category: (typeof TICKET_CATEGORIES)[number] },
  log: (e: unknown) => void,
) {
  const ticket = await repository.insertTicket(deps.db, {
    userId: caller.userId,
    organizationId: caller.organizationId,
    subject: input.subject,
    message: input.message,
    category: input.category,
  });
  await deps.mailer
    .send({
      to: deps.salesEmail,
      subject: `[Fluxo ticket #${ticket.id}] ${input.subject}`,
      text: `From: ${caller.name} <${caller.email}>\nCategory: ${input.category}\n\n${input.message}`,
    })
    .catch(log);
  const [result] = await withAttachments(deps.db, [ticket]);
  return result!;
}

export async function listTickets(deps: SalesDeps, userId: string) {
  return withAttachments(deps.db, await repository.ticketsOfUser(deps.db, userId));
}

/**
 * Adds a file to the caller's own ticket. The type is sniffed from the bytes (never trusted from the
 * client), must be one of ATTACHMENT_TYPES, and the size at most ATTACHMENT_MAX_BYTES.
 */
/** A file name without path separators or control characters, at most 200 characters. */
/**
 * A file name safe to store and show: path separators and control characters become `_`, unpaired
 * surrogates (no UTF-8 form) are dropped, and the cut at 200 falls between characters, never inside a
 * surrogate pair.
 */
function safeFileName(name: string): string {
  return Array.from(name)
    .filter((c) => !/^[\uD800-\uDFFF]$/.test(c))
    .slice(0, 200)
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('');
}

export async function addAttachment(
  deps: SalesDeps,
  userId: string,
  ticketId: number,
  fileName: string,
  content: Buffer,
) {
  const ticket = await repository.findTicket(deps.db, ticketId);
  if (!ticket || ticket.userId !== userId) throw new AppError('NOT_FOUND', 'No such ticket.');
  if (content.length === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty.');
  if (content.length > ATTACHMENT_MAX_BYTES)
    throw new AppError('FILE_TOO_LARGE', 'The file is larger than 10 MB.');
  const sniffed = await fileTypeFromBuffer(content);
  if (!sniffed || !(ATTACHMENT_TYPES as readonly string[]).includes(sniffed.mime)) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', 'Only PDF, images, Word and Excel files can be attached.');
  }
  if ((await repository.countAttachments(deps.db, ticketId)) >= ATTACHMENTS_PER_TICKET) {
    throw new AppError('TOO_MANY_FILES', `A ticket holds at most ${ATTACHMENTS_PER_TICKET} files.`);
  }
  const safeName = safeFileName(fileName) || `attachment.${sniffed.ext}`;
  return repository.insertAttachment(deps.db, {
    ticketId,
    fileName: safeName,
    mimeType: sniffed.mime,
    size: content.length,
    content,
  });
}
