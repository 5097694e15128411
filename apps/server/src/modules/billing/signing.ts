import { createPrivateKey, createSign, createVerify, type KeyObject } from 'node:crypto';
import { formatCents } from '@fluxo/domain';

// Document signatures of Portaria 363/2010 and Despacho 8632/2014: RSA PKCS#1 v1.5 with SHA-1 over
// `InvoiceDate;SystemEntryDate;InvoiceNo;GrossTotal;PreviousHash`, chained per series and document
// type, base64 on one line (172 characters with a 1024-bit key).

export interface SignedFields {
  /** YYYY-MM-DD */
  invoiceDate: string;
  /** YYYY-MM-DDTHH:MM:SS, to the second, as written in the SAF-T. */
  systemEntryDate: string;
  /** The full document number, e.g. `FT 2026A/15`. */
  invoiceNo: string;
  /** Gross total in cents (EUR for documents in another currency; 0 for documents without value). */
  grossTotalCents: number;
  /** The previous document's hash in the same series and type; empty for the first. */
  previousHash: string;
}

/** The exact string that is signed. */
export function signatureMessage(fields: SignedFields): string {
  return [
    fields.invoiceDate,
    fields.systemEntryDate,
    fields.invoiceNo,
    formatCents(fields.grossTotalCents),
    fields.previousHash,
  ].join(';');
}

/** Parsed keys by PEM: parsing the PEM costs several times the signature itself. */
const privateKeys = new Map<string, KeyObject>();

export function signDocument(privateKeyPem: string, fields: SignedFields): string {
  let key = privateKeys.get(privateKeyPem);
  if (!key) {
    key = createPrivateKey(privateKeyPem);
    if (privateKeys.size > 8) privateKeys.clear();
    privateKeys.set(privateKeyPem, key);
  }
  return createSign('RSA-SHA1').update(signatureMessage(fields), 'utf8').sign(key, 'base64');
}

export function verifyDocument(publicKeyPem: string, fields: SignedFields, hash: string): boolean {
  return createVerify('RSA-SHA1')
    .update(signatureMessage(fields), 'utf8')
    .verify(publicKeyPem, hash, 'base64');
}

/** A document as a chain check needs it: its signed fields (previousHash ignored) and its hash. */
export interface ChainedDocument extends Omit<SignedFields, 'previousHash'> {
  hash: string;
}

/**
 * Checks hash chains: documents grouped by series and type (the InvoiceNo before `/`), in number
 * order, each signature verified against the previous one's hash. Answers the documents that fail.
 */
export function verifyChains(publicKeyPem: string, documents: readonly ChainedDocument[]): ChainedDocument[] {
  const chains = new Map<string, ChainedDocument[]>();
  for (const document of documents) {
    const slash = document.invoiceNo.lastIndexOf('/');
    const chainKey = document.invoiceNo.slice(0, slash);
    chains.set(chainKey, [...(chains.get(chainKey) ?? []), document]);
  }
  const failed: ChainedDocument[] = [];
  for (const chain of chains.values()) {
    chain.sort((a, b) => sequenceOf(a) - sequenceOf(b));
    let previousHash = '';
    for (const document of chain) {
      if (!verifyDocument(publicKeyPem, { ...document, previousHash }, document.hash)) failed.push(document);
      previousHash = document.hash;
    }
  }
  return failed;
}

function sequenceOf(document: ChainedDocument): number {
  return Number(document.invoiceNo.slice(document.invoiceNo.lastIndexOf('/') + 1));
}
