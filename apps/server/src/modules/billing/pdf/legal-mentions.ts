import type { BillingDocumentType } from '@fluxo/domain';

// The mentions the law fixes on a printed document, in Portuguese whatever the document's language:
// see docs/billing.md "Printed documents" for each text and its source.

/** What the printout needs to know about the program that signed it. */
export interface PrintSigningKey {
  /** AT certificate number, 0 when the install is not certified. */
  certificateNumber: string;
  certified: boolean;
  /** AGT validation number of the program (`n/AGT/yyyy`); absent or 0 when not validated. */
  agtValidationNumber?: string;
}

const RECEIPTS: readonly string[] = ['RC', 'RG'];

/**
 * The processing mention printed after the four hash characters:
 * - PT certified (Despacho 8632/2014): "Processado por programa certificado n.º <n>/AT", receipts
 *   "Emitido por programa certificado n.º <n>/AT";
 * - PT not certified (certificate 0): "Processado por programa não certificado" (receipts "Emitido …");
 * - AO (prior validation of Decreto Presidencial 312/18, art. 6.º): "Processado por programa
 *   validado n.º <n>/AGT/<yyyy>", or "Processado por programa não validado" while the program has no
 *   AGT validation number.
 */
export function processingMention(
  documentType: BillingDocumentType,
  taxRegion: string,
  key: PrintSigningKey,
): string {
  const verb = RECEIPTS.includes(documentType) ? 'Emitido' : 'Processado';
  if (taxRegion === 'AO') {
    const validation = key.agtValidationNumber ?? '0';
    return /^\d+\/AGT\/\d{4}$/.test(validation)
      ? `${verb} por programa validado n.º ${validation}`
      : `${verb} por programa não validado`;
  }
  return key.certified && key.certificateNumber !== '0'
    ? `${verb} por programa certificado n.º ${key.certificateNumber}/AT`
    : `${verb} por programa não certificado`;
}

/** The printed line: "<4 hash characters>-<mention>" (the hash characters only once signed). */
export function signatureLine(
  hashCharacters: string | null,
  documentType: BillingDocumentType,
  taxRegion: string,
  key: PrintSigningKey,
): string {
  const mention = processingMention(documentType, taxRegion, key);
  return hashCharacters ? `${hashCharacters}-${mention}` : mention;
}

/** Documents of a training series (Portaria 363/2010 as amended, Despacho 8632/2014). */
export const TRAINING_MENTION = 'Documento emitido para fins de formação';
/** Working documents and pro formas (Despacho 8632/2014; AO: Decreto Presidencial 312/18). */
export const NOT_AN_INVOICE_MENTION = 'Este documento não serve de fatura';
