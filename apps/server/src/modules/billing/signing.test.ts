import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { type ChainedDocument, signatureMessage, signDocument, verifyChains } from './signing.ts';

const fixture = (name: string) => new URL(`../../../resources/fiscal/saft/pt/${name}`, import.meta.url);
const publicKey = readFileSync(fixture('Public_Key.txt'), 'utf8');
const privateKey = readFileSync(fixture('Private_Key.txt'), 'utf8');

/** The sales invoices of a SAF-T file (Windows-1252) as chained documents. */
interface SaftInvoice {
  InvoiceNo: string;
  InvoiceDate: string;
  SystemEntryDate: string;
  Hash: string;
  DocumentTotals: { GrossTotal: string };
}

/** "1234.5" → 123450, by the digits (the demo file's totals have at most two decimals). */
function centsOf(total: string): number {
  const [whole, fraction = ''] = total.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

function invoicesOf(name: string): ChainedDocument[] {
  const xml = new TextDecoder('windows-1252').decode(readFileSync(fixture(name)));
  const parser = new XMLParser({ parseTagValue: false, isArray: (tag) => tag === 'Invoice' });
  const invoices: SaftInvoice[] = parser.parse(xml).AuditFile.SourceDocuments.SalesInvoices.Invoice;
  return invoices.map((invoice) => ({
    invoiceDate: invoice.InvoiceDate,
    systemEntryDate: invoice.SystemEntryDate,
    invoiceNo: invoice.InvoiceNo,
    grossTotalCents: centsOf(invoice.DocumentTotals.GrossTotal),
    hash: invoice.Hash,
  }));
}

describe('document signatures (Portaria 363/2010)', () => {
  it('writes the signed string as the law gives it', () => {
    expect(
      signatureMessage({
        invoiceDate: '2010-05-18',
        systemEntryDate: '2010-05-18T11:22:19',
        invoiceNo: 'FAC 001/14',
        grossTotalCents: 312,
        previousHash: '',
      }),
    ).toBe('2010-05-18;2010-05-18T11:22:19;FAC 001/14;3.12;');
  });

  it('verifies every invoice of the public demo SAF-T in its chain', () => {
    const invoices = invoicesOf('saft_idemo599999999.xml');
    expect(invoices.length).toBe(24);
    expect(verifyChains(publicKey, invoices)).toEqual([]);
  });

  it('reproduces the demo file hashes exactly when signing with its test key', () => {
    const invoices = invoicesOf('saft_idemo599999999.xml').filter((i) => i.invoiceNo.startsWith('1T 1/'));
    invoices.sort((a, b) => Number(a.invoiceNo.split('/')[1]) - Number(b.invoiceNo.split('/')[1]));
    let previousHash = '';
    for (const invoice of invoices) {
      const hash = signDocument(privateKey, { ...invoice, previousHash });
      expect(hash).toBe(invoice.hash);
      expect(hash).toHaveLength(172);
      previousHash = hash;
    }
  });

  it('finds the tampered signatures, and the documents chained after them', () => {
    const original = new Map(invoicesOf('saft_idemo599999999.xml').map((i) => [i.invoiceNo, i.hash]));
    const tampered = invoicesOf('saft_WRONG_INVOICE_SIGNATURE.xml');
    const changed = tampered.filter((i) => original.get(i.invoiceNo) !== i.hash).map((i) => i.invoiceNo);
    const failed = verifyChains(publicKey, tampered).map((i) => i.invoiceNo);
    expect(changed.length).toBeGreaterThan(0);
    expect(failed).toEqual(expect.arrayContaining(changed));
    // Every other failure is the next document of a tampered one's chain, whose PreviousHash no longer holds.
    for (const invoiceNo of failed.filter((no) => !changed.includes(no))) {
      const [chain, number] = invoiceNo.split('/') as [string, string];
      expect(changed).toContain(`${chain}/${Number(number) - 1}`);
    }
  });
});
