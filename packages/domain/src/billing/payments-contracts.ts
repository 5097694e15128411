import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ZBillingPayment } from './contracts.ts';

// Payments, receipts and the current account: who owes what and since when. Money is integer cents of
// the documents' currency. The payment recording calls themselves live in contracts.ts (shared with
// the documents screen); these are the rest of the payments part.

const ZIsoDate = z.iso.date();
const ZCents = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

export const PARTY_ROLES = ['customer', 'supplier'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

export const listPaymentsContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/payments',
  query: z.object({
    partyId: z.uuid().optional(),
    direction: z.enum(['in', 'out']).optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  }),
  response: z.array(ZBillingPayment),
});

/** Cancels a payment: its receipt gets status A with the reason, and what it settled is open again. */
export const cancelPaymentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/payments/:id/cancel',
  params: z.object({ id: z.uuid() }),
  body: z.strictObject({ reason: z.string().trim().min(3).max(200) }),
  response: ZBillingPayment,
});

export const ZMovementCandidate = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  bookingDate: ZIsoDate,
  /** The movement's signed amount (minor units of its currency). */
  amount: ZCents,
  currency: z.string(),
  description: z.string(),
  counterpartyName: z.string().nullable(),
  /** What is left of it for payments: |amount| minus the payments already on it. */
  unallocated: ZCents,
});
export type MovementCandidate = z.infer<typeof ZMovementCandidate>;

/**
 * Treasury movements a payment can be linked to: incoming (in) or outgoing (out), not yet fully taken by
 * payments, in the accounts the member may see; the closest amount first, then the latest.
 */
export const movementCandidatesContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/payments/movement-candidates',
  query: z.object({
    partyId: z.uuid().optional(),
    direction: z.enum(['in', 'out']).default('in'),
    amount: z.coerce.number().int().min(1).max(1e15).optional(),
  }),
  response: z.array(ZMovementCandidate),
});

const ZAging = {
  /** Open amount not yet due (or due today). */
  notDue: ZCents,
  days1to30: ZCents,
  days31to60: ZCents,
  days61to90: ZCents,
  over90: ZCents,
  /** Credit notes not yet set against a document (a balance in the party's favour). */
  credits: ZCents,
  /** Everything open minus the credits. */
  open: ZCents,
  /** Open amount past its due date. */
  overdue: ZCents,
};

export const ZCurrentAccountRow = z.object({
  partyId: z.string(),
  partyName: z.string(),
  taxId: z.string(),
  currency: z.string(),
  ...ZAging,
  /** The earliest due date among the open documents. */
  oldestDueDate: ZIsoDate.nullable(),
  openDocuments: z.number().int(),
});
export type CurrentAccountRow = z.infer<typeof ZCurrentAccountRow>;

export const currentAccountContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/current-account',
  query: z.object({ role: z.enum(PARTY_ROLES).default('customer'), asOf: ZIsoDate.optional() }),
  response: z.object({
    role: z.enum(PARTY_ROLES),
    asOf: ZIsoDate,
    rows: z.array(ZCurrentAccountRow),
    /** One line of totals per currency. */
    totals: z.array(z.object({ currency: z.string(), ...ZAging })),
  }),
});

export const ZAccountStatementEntry = z.object({
  kind: z.enum(['document', 'credit', 'payment']),
  id: z.string(),
  date: ZIsoDate,
  documentType: z.string(),
  number: z.string(),
  dueDate: ZIsoDate.nullable(),
  /** What raises the balance (an invoice, a supplier's invoice). */
  debit: ZCents,
  /** What lowers it (a credit note, a payment). */
  credit: ZCents,
  balance: ZCents,
});
export type AccountStatementEntry = z.infer<typeof ZAccountStatementEntry>;

export const ZOpenItem = z.object({
  documentId: z.string().nullable(),
  purchaseId: z.string().nullable(),
  documentType: z.string(),
  number: z.string(),
  documentDate: ZIsoDate,
  dueDate: ZIsoDate.nullable(),
  payable: ZCents,
  settled: ZCents,
  /** Still to pay; negative for a credit note not yet set against a document. */
  open: ZCents,
  /** Days past the due date (0 when not due). */
  daysOverdue: z.number().int(),
});
export type OpenItem = z.infer<typeof ZOpenItem>;

export const ZAccountStatement = z.object({
  role: z.enum(PARTY_ROLES),
  party: z.object({
    id: z.string(),
    name: z.string(),
    taxId: z.string(),
    email: z.string().nullable(),
    language: z.string(),
  }),
  currency: z.string(),
  from: ZIsoDate,
  to: ZIsoDate,
  openingBalance: ZCents,
  entries: z.array(ZAccountStatementEntry),
  closingBalance: ZCents,
  openItems: z.array(ZOpenItem),
});
export type AccountStatement = z.infer<typeof ZAccountStatement>;

const ZStatementQuery = z.object({
  role: z.enum(PARTY_ROLES).optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
});

export const statementContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/current-account/:partyId',
  params: z.object({ partyId: z.uuid() }),
  query: ZStatementQuery,
  response: ZAccountStatement,
});

/** E-mails the party the list of what is open (in the party's language). */
export const sendReminderContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/current-account/:partyId/reminder',
  params: z.object({ partyId: z.uuid() }),
  body: z.strictObject({
    to: z.email().optional(),
    message: z.string().trim().max(2000).optional(),
  }),
  response: z.object({ sentTo: z.string(), open: ZCents, items: z.number().int() }),
});

/** The statement as a PDF, in the party's language (same query as the statement). */
export const statementPdfContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/current-account/:partyId/statement.pdf',
  params: z.object({ partyId: z.uuid() }),
  query: ZStatementQuery,
  response: z.string(),
});
