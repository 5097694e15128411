// Accounting contracts: reconciliation (see modules/accounting/reconciliation on the server).
// Bank movements matched with what they pay or collect: open sales documents, open supplier invoices,
// receipts recorded without their movement, and journal lines. Money is integer minor units.
import { z } from 'zod';
import { defineContract } from '../contract.ts';

const ZIsoDate = z.iso.date();
const ZCents = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const ZPositiveCents = z.number().int().min(1).max(1e15);

/** Why a candidate is suggested for a movement; each reason adds its points to the score. */
export const RECONCILIATION_REASONS = [
  'rule',
  'exact_amount',
  'near_amount',
  'due_date_window',
  'multibanco_reference',
  'document_number',
  'atcud',
  'end_to_end_id',
  'counterparty_iban',
  'tax_id',
  'name_similarity',
  'past_behaviour',
] as const;
export type ReconciliationReasonCode = (typeof RECONCILIATION_REASONS)[number];

/** What a movement can be matched with. */
export const RECONCILIATION_TARGET_KINDS = ['document', 'purchase', 'receipt', 'entry_line'] as const;
export type ReconciliationTargetKind = (typeof RECONCILIATION_TARGET_KINDS)[number];

export const ZReconciliationReason = z.object({
  code: z.enum(RECONCILIATION_REASONS),
  points: z.number().int(),
  /** What matched: the reference, the number, the difference in minor units, the days… */
  detail: z.string().nullable(),
});
export type ReconciliationReason = z.infer<typeof ZReconciliationReason>;

export const ZReconciliationCandidate = z.object({
  kind: z.enum(RECONCILIATION_TARGET_KINDS),
  id: z.string(),
  partyId: z.string().nullable(),
  partyName: z.string().nullable(),
  /** Document number, supplier's invoice number, receipt number or entry reference. */
  number: z.string(),
  date: ZIsoDate,
  dueDate: ZIsoDate.nullable(),
  currency: z.string(),
  /** What is still open of it (positive minor units). */
  open: ZCents,
});
export type ReconciliationCandidate = z.infer<typeof ZReconciliationCandidate>;

export const ZReconciliationSuggestion = z.object({
  candidate: ZReconciliationCandidate,
  /** 0–100: the sum of the reasons' points, capped. */
  score: z.number().int().min(0).max(100),
  reasons: z.array(ZReconciliationReason),
  /** The rule that put it first, if one did. */
  ruleId: z.string().nullable(),
});
export type ReconciliationSuggestion = z.infer<typeof ZReconciliationSuggestion>;

export const ZQueueMovement = z.object({
  id: z.string(),
  accountId: z.string(),
  bookingDate: ZIsoDate,
  /** Signed amount of the movement. */
  amount: ZCents,
  currency: z.string(),
  description: z.string(),
  counterpartyName: z.string().nullable(),
  counterpartyIban: z.string().nullable(),
  remittanceInfo: z.string().nullable(),
  /** What is not reconciled yet (positive minor units). */
  open: ZCents,
  suggestions: z.array(ZReconciliationSuggestion),
});
export type QueueMovement = z.infer<typeof ZQueueMovement>;

export const ZReconciliationProgress = z.object({
  month: z.string(),
  movements: z.number().int(),
  reconciled: z.number().int(),
});
export type ReconciliationProgress = z.infer<typeof ZReconciliationProgress>;

const ZMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/**
 * The queue of one bank account: its movements not fully reconciled, the latest first (keyset by
 * booking date and id), each with its ranked suggestions; and the month's progress.
 */
export const reconciliationSuggestionsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/reconciliation/suggestions',
  query: z.object({
    accountId: z.uuid(),
    /** YYYY-MM: only that month's movements, and its progress (default: the current month's progress). */
    month: ZMonth.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  }),
  response: z.object({
    items: z.array(ZQueueMovement),
    nextCursor: z.string().nullable(),
    progress: ZReconciliationProgress,
  }),
});

export const ZReconciliationAccount = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Movements not fully reconciled. */
  unreconciled: z.number().int(),
});
export type ReconciliationAccount = z.infer<typeof ZReconciliationAccount>;

/** The treasury accounts the member may see, with their number of unreconciled movements. */
export const reconciliationAccountsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/reconciliation/accounts',
  response: z.array(ZReconciliationAccount),
});

/** Any open document, supplier invoice, receipt or journal line a movement could be matched with by hand. */
export const reconciliationCandidatesContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/reconciliation/candidates',
  query: z.object({
    transactionId: z.uuid(),
    q: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.array(ZReconciliationCandidate),
});

/** Movement accounts of the chart a difference can be written off to. */
export const reconciliationWriteOffAccountsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/reconciliation/write-off-accounts',
  response: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
});

export const ZReconciliationTarget = z.strictObject({
  kind: z.enum(RECONCILIATION_TARGET_KINDS),
  id: z.uuid(),
  /** How much of it this match settles. */
  amount: ZPositiveCents,
});

export const ZReconciliation = z.object({
  id: z.string(),
  createdAt: z.string(),
  undone: z.boolean(),
  writeOff: ZCents,
  writeOffAccountId: z.string().nullable(),
  entryId: z.string().nullable(),
  score: z.number().int().nullable(),
  ruleId: z.string().nullable(),
  items: z.array(
    z.object({
      kind: z.enum(['movement', ...RECONCILIATION_TARGET_KINDS]),
      id: z.string(),
      amount: ZCents,
      paymentId: z.string().nullable(),
    }),
  ),
});
export type Reconciliation = z.infer<typeof ZReconciliation>;

/**
 * Confirms a match: one or several movements (same account direction and currency) against one or several
 * targets. The movements give, in their order, `sum(targets) + writeOff.amount`; a positive write-off is
 * money the bank moved beyond the documents, a negative one what it moved short of them (bank fees).
 */
export const confirmReconciliationContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/reconciliation/matches',
  body: z.strictObject({
    transactionIds: z.array(z.uuid()).min(1).max(50),
    targets: z.array(ZReconciliationTarget).min(1).max(50),
    writeOff: z
      .strictObject({
        accountId: z.uuid(),
        amount: z
          .number()
          .int()
          .min(-1e15)
          .max(1e15)
          .refine((value) => value !== 0, 'A write-off cannot be zero'),
      })
      .optional(),
    /** The suggestion it came from, kept with the match. */
    score: z.number().int().min(0).max(100).optional(),
    reasons: z.array(ZReconciliationReason).max(20).optional(),
    ruleId: z.uuid().optional(),
  }),
  response: ZReconciliation,
  status: 201,
});

/** Undoes a match: the payments it recorded are cancelled, receipts unlinked, its write-off reversed. */
export const undoReconciliationContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/reconciliation/matches/:id/undo',
  params: z.object({ id: z.uuid() }),
  response: ZReconciliation,
});

/** The matches of a movement (for undo), the latest first. */
export const movementReconciliationsContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/reconciliation/movements/:id/matches',
  params: z.object({ id: z.uuid() }),
  response: z.array(ZReconciliation),
});

/** Rejects a suggestion: it is not offered again for that movement. */
export const rejectSuggestionContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/reconciliation/rejections',
  body: z.strictObject({
    transactionId: z.uuid(),
    kind: z.enum(RECONCILIATION_TARGET_KINDS),
    id: z.uuid(),
  }),
  response: z.object({ rejected: z.boolean() }),
  status: 201,
});

export const ZReconciliationRule = z.object({
  id: z.string(),
  counterpartyIban: z.string().nullable(),
  textContains: z.string().nullable(),
  partyId: z.string(),
  partyName: z.string(),
  createdAt: z.string(),
});
export type ReconciliationRule = z.infer<typeof ZReconciliationRule>;

export const listReconciliationRulesContract = defineContract({
  method: 'GET',
  path: '/api/v1/accounting/reconciliation/rules',
  response: z.array(ZReconciliationRule),
});

/**
 * "Always match movements from this IBAN (or whose text contains this) to this party": its open documents
 * come first, with the reason `rule`. `autoConfirm` confirms at once every queued movement the rule
 * matches to exactly one open document of the exact amount.
 */
export const createReconciliationRuleContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/reconciliation/rules',
  body: z
    .strictObject({
      counterpartyIban: z
        .string()
        .trim()
        .transform((value) => value.replace(/\s+/g, '').toUpperCase())
        .pipe(z.string().regex(/^[A-Z]{2}[0-9]{2}[A-Z0-9]{8,30}$/))
        .optional(),
      textContains: z.string().trim().min(3).max(100).optional(),
      partyId: z.uuid(),
      autoConfirm: z.boolean().default(false),
    })
    .refine((rule) => rule.counterpartyIban !== undefined || rule.textContains !== undefined, {
      message: 'A rule needs an IBAN or a text',
      path: ['counterpartyIban'],
    }),
  response: z.object({ rule: ZReconciliationRule, confirmed: z.number().int() }),
  status: 201,
});

/** Confirms every queued movement a rule matches to exactly one open document of the exact amount. */
export const applyReconciliationRuleContract = defineContract({
  method: 'POST',
  path: '/api/v1/accounting/reconciliation/rules/:id/apply',
  params: z.object({ id: z.uuid() }),
  response: z.object({ confirmed: z.number().int() }),
});

export const deleteReconciliationRuleContract = defineContract({
  method: 'DELETE',
  path: '/api/v1/accounting/reconciliation/rules/:id',
  params: z.object({ id: z.uuid() }),
  response: z.object({ deleted: z.boolean() }),
});
