import { writeFileSync } from 'node:fs';
import { buildAtQrString } from '@fluxo/domain/billing/at-qr-code';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { randomPtNif } from './data.ts';

// A supplier's invoice as a PDF with its AT QR code (Portaria 195/2020), made for the purchases journey:
// pdf-lib draws an A4 page with a few printed lines, and the QR code — rendered by `qrcode` as a PNG with
// error correction M, as invoices print it — sits at the bottom left, under "ATCUD:". Generated in the
// test's set-up so that its buyer is the test's own organization; `apps/web/e2e/fixtures/
// supplier-invoice-at-qr.pdf` is the same document for the demo company (NIF 508332150), made with
//   node --import tsx apps/web/e2e/support/supplier-invoice-pdf.ts apps/web/e2e/fixtures/supplier-invoice-at-qr.pdf

export interface SupplierInvoice {
  issuerTaxId: string;
  documentNumber: string;
  atcud: string;
  date: string;
  /** Normal-rate base and VAT in cents. */
  base: number;
  vat: number;
  qrCode: string;
}

export function supplierInvoice(buyerTaxId: string, documentNumber: string): SupplierInvoice {
  const issuerTaxId = randomPtNif();
  const atcud = `JJ4K7M2P-${documentNumber.split('/').at(-1)}`;
  const base = 24_390;
  const vat = 5_610;
  const date = '2026-10-15';
  const qrCode = buildAtQrString({
    issuerTaxId,
    buyerTaxId,
    buyerCountry: 'PT',
    documentType: 'FT',
    status: 'N',
    date,
    documentId: documentNumber,
    atcud,
    regions: [{ region: 'PT', normalBase: base, normalVat: vat }],
    totalTaxes: vat,
    grossTotal: base + vat,
    hashCharacters: 'Qx7e',
    certificateNumber: '2468',
  });
  return { issuerTaxId, documentNumber, atcud, date, base, vat, qrCode };
}

export async function supplierInvoicePdf(invoice: SupplierInvoice): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595.28, 841.89]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Papelaria Central, Lda',
    `NIF ${invoice.issuerTaxId}`,
    '',
    `FATURA ${invoice.documentNumber}`,
    `Data: ${invoice.date}`,
    'Resmas de papel A4 (23 %)            243,90',
    'IVA 23 %                               56,10',
    'Total                                 300,00 EUR',
  ];
  lines.forEach((line, index) => {
    page.drawText(line, { x: 50, y: 780 - index * 18, size: 11, font });
  });
  const png = await QRCode.toBuffer(invoice.qrCode, { errorCorrectionLevel: 'M', margin: 4, scale: 4 });
  const image = await pdf.embedPng(png);
  page.drawText(`ATCUD:${invoice.atcud}`, { x: 50, y: 250, size: 9, font });
  page.drawImage(image, { x: 50, y: 100, width: 140, height: 140 });
  return Buffer.from(await pdf.save());
}

/** The QR code as a phone photographs it: a larger image, the code off-centre on white. */
export async function supplierInvoicePhoto(invoice: SupplierInvoice): Promise<Buffer> {
  return QRCode.toBuffer(invoice.qrCode, { errorCorrectionLevel: 'M', margin: 12, scale: 7 });
}

// The committed fixture: `node --import tsx apps/web/e2e/support/supplier-invoice-pdf.ts <out.pdf>`.
if (process.argv[1]?.endsWith('supplier-invoice-pdf.ts') && process.argv[2]) {
  const out = process.argv[2];
  supplierInvoicePdf(supplierInvoice('508332150', 'FT FA2026/118')).then((bytes) =>
    writeFileSync(out, bytes),
  );
}
