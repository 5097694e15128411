import { z } from 'zod';
import { defineContract } from '../contract.ts';

// The printed document: its PDF, served inline (the printable page frames it; the browser prints or
// downloads it). Sending it by e-mail is `sendDocumentContract` in contracts.ts.

/** The document's PDF (application/pdf, inline, named after its number); drafts carry a draft mark. */
export const documentPdfContract = defineContract({
  method: 'GET',
  path: '/api/v1/billing/documents/:id/pdf',
  params: z.object({ id: z.uuid() }),
  response: z.string(),
});
