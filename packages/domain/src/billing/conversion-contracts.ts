import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { ZBillingDocument } from './contracts.ts';

// Documents made from another: an invoice from an issued quote or pro forma (the source becomes
// status F once the invoice is issued), and a credit note correcting an issued invoice. Both answer
// a draft, to be checked and issued like any other — Idempotency-Key required.

const ZIdParams = z.object({ id: z.uuid() });

/** An issued OR/PF → a draft FT (or FR) in the chosen series, its lines copied, referencing the source. */
export const convertDocumentContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/documents/:id/convert',
  params: ZIdParams,
  body: z.strictObject({
    /** An FT or FR series. */
    seriesId: z.uuid(),
    /** Defaults to today. */
    documentDate: z.iso.date().optional(),
  }),
  response: ZBillingDocument,
  status: 201,
});

/**
 * A draft NC in the chosen series correcting an issued FT/FS/FR/ND: every line (without `lines`) or
 * the chosen lines and quantities. What it credits never exceeds what the original still has
 * uncredited (CREDIT_EXCEEDS_REMAINING).
 */
export const createCreditNoteContract = defineContract({
  method: 'POST',
  path: '/api/v1/billing/documents/:id/credit-note',
  params: ZIdParams,
  body: z.strictObject({
    /** An NC series. */
    seriesId: z.uuid(),
    /** Why the original is corrected (printed on the note). */
    reason: z.string().trim().min(3).max(300),
    documentDate: z.iso.date().optional(),
    lines: z
      .array(
        z.strictObject({
          /** The original line's position. */
          position: z.number().int().min(1),
          /** × 1,000; at most the original line's quantity. */
          quantity: z.number().int().min(1).max(1e12),
        }),
      )
      .min(1)
      .max(500)
      .optional(),
  }),
  response: ZBillingDocument,
  status: 201,
});
