import { type BillingDocumentType, buildAtQrString, hashCharacters, LANGUAGES } from '@fluxo/domain';
import { describe, expect, it } from 'vitest';
import { pdfPages, pdfQrCodes, pdfText } from '../../../test/pdf-text.ts';
import { type PrintableDocument, type PrintableOrganization, renderDocumentPdf } from './document-pdf.ts';
import { exemptionReasonText } from './exemption-reasons.ts';
import { type PrintSigningKey, processingMention } from './legal-mentions.ts';
import { PDF_TEXTS } from './pdf-texts.ts';
import { atQrCode } from './qr-node.ts';

const organization: PrintableOrganization = {
  name: 'Fluxo Demo, Lda',
  vatNumber: '509999990',
  country: 'PT',
  address: 'Rua Augusta, 100',
  postalCode: '1100-053',
  city: 'Lisboa',
  email: 'geral@fluxo.example',
  phone: '+351 210 000 000',
  logoUrl: null,
};
const notCertified: PrintSigningKey = { certified: false, certificateNumber: '0' };
const certified = { certified: true, certificateNumber: '9999' };
const HASH = `mYJEv4iGwLcnQbRD7dPs0Kx9${'A'.repeat(148)}`;
const HASH_CHARACTERS = hashCharacters(HASH);

function documentOf(type: BillingDocumentType, changes: Partial<PrintableDocument> = {}): PrintableDocument {
  const documentNumber = `${type} 2026/7`;
  const atcud = 'AAJFJ2K6-7';
  return {
    id: '00000000-0000-4000-8000-000000000001',
    documentType: type,
    seriesId: '00000000-0000-4000-8000-000000000002',
    state: 'issued',
    status: 'N',
    number: 7,
    documentNumber,
    atcud,
    partyId: '00000000-0000-4000-8000-000000000003',
    partyName: 'Cliente Exemplo, S.A.',
    partyTaxId: '508332346',
    documentDate: '2026-11-20',
    dueDate: '2026-12-20',
    systemEntryAt: '2026-11-20T10:00:00.000Z',
    taxRegion: 'PT',
    currency: 'EUR',
    exchangeRate: '1',
    language: 'pt',
    paymentMethod: null,
    mbEntity: null,
    mbReference: null,
    emailedAt: null,
    scheduleId: null,
    lines: [
      {
        position: 1,
        productId: null,
        productCode: 'CONS',
        description: 'Consultoria (hora)',
        unit: 'H',
        quantity: 2500,
        unitPrice: 400_000,
        discountBasisPoints: 1000,
        taxRegion: 'PT',
        taxCode: 'NOR',
        vatBasisPoints: 2300,
        exemptionCode: null,
        subjectToWithholding: true,
        net: 9000,
      },
      {
        position: 2,
        productId: null,
        productCode: 'FORM',
        description: 'Formação profissional',
        unit: 'UN',
        quantity: 1000,
        unitPrice: 500_000,
        discountBasisPoints: 0,
        taxRegion: 'PT',
        taxCode: 'ISE',
        vatBasisPoints: 0,
        exemptionCode: 'M07',
        subjectToWithholding: false,
        net: 5000,
      },
    ],
    taxes: [
      { taxRegion: 'PT', vatBasisPoints: 0, exemptionCode: 'M07', base: 5000, vat: 0 },
      { taxRegion: 'PT', vatBasisPoints: 2300, exemptionCode: null, base: 9000, vat: 2070 },
    ],
    netTotal: 14000,
    taxPayable: 2070,
    grossTotal: 16070,
    withholding: 2250,
    payable: 13820,
    settled: 0,
    hash: HASH,
    hashCharacters: HASH_CHARACTERS,
    hashControl: '1',
    qrCode: buildAtQrString({
      issuerTaxId: organization.vatNumber,
      buyerTaxId: '508332346',
      buyerCountry: 'PT',
      documentType: type,
      status: 'N',
      date: '2026-11-20',
      documentId: documentNumber,
      atcud,
      regions: [{ region: 'PT', exemptBase: 5000, normalBase: 9000, normalVat: 2070 }],
      totalTaxes: 2070,
      grossTotal: 16070,
      withholding: 2250,
      hashCharacters: HASH_CHARACTERS,
      certificateNumber: '0',
    }),
    referenceDocumentId: null,
    reason: null,
    cancelReason: null,
    notes: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    party: {
      name: 'Cliente Exemplo, S.A.',
      taxId: '508332346',
      country: 'PT',
      address: 'Avenida da Liberdade, 1',
      postalCode: '1250-096',
      city: 'Lisboa',
    },
    seriesType: 'N',
    referenceDocumentNumber: null,
    settlements: [],
    footer: null,
    ...changes,
  };
}

const textOf = async (document: PrintableDocument, key = notCertified) =>
  pdfText(await renderDocumentPdf(document, organization, key));

describe('renderDocumentPdf', () => {
  it.each(['FT', 'FS', 'FR', 'NC', 'ND', 'OR', 'PF', 'RC', 'RG'] as const)(
    'prints %s with its ATCUD, hash characters and processing mention',
    async (type) => {
      const text = await textOf(
        documentOf(
          type,
          type === 'NC' ? { referenceDocumentNumber: 'FT 2026/3', reason: 'Devolução de 1 hora' } : {},
        ),
      );
      expect(text).toContain(`ATCUD:AAJFJ2K6-7`);
      expect(text).toContain(`${type} 2026/7`);
      expect(text).toContain('Original');
      const verb = type === 'RC' || type === 'RG' ? 'Emitido' : 'Processado';
      expect(text).toContain(`${HASH_CHARACTERS}-${verb} por programa não certificado`);
      expect(text).toContain(PDF_TEXTS.pt[type]);
      if (type === 'OR' || type === 'PF') expect(text).toContain('Este documento não serve de fatura');
      if (type === 'NC') {
        expect(text).toContain('Retifica o documento FT 2026/3');
        expect(text).toContain('Devolução de 1 hora');
      }
    },
  );

  it('prints the lines, the VAT summary, the exemption reason written out, withholding and payable', async () => {
    const text = await textOf(documentOf('FT'));
    expect(text).toContain('Consultoria (hora)');
    expect(text).toContain('2,5'); // quantity 2.500
    expect(text).toContain('40,00'); // unit price 40.0000
    expect(text).toContain('10%'); // discount
    expect(text).toContain('90,00 €');
    expect(text).toContain('M07 — Isento artigo 9.º do CIVA');
    expect(text).toContain('20,70 €'); // VAT at 23 %
    expect(text).toContain('160,70 €'); // gross total
    expect(text).toContain('-22,50 €'); // withholding
    expect(text).toContain('138,20 €'); // payable
    expect(text).toContain('Vencimento 20/12/2026');
    expect(text).toContain('NIF: 509999990');
    expect(text).toContain('Cliente Exemplo, S.A.');
  });

  it('prints the AT QR code that reads back to the qrCode string, at least 30 mm wide, version 9 or more', async () => {
    const document = documentOf('FT');
    const pdf = await renderDocumentPdf(document, organization, notCertified);
    const codes = await pdfQrCodes(pdf);
    expect(codes.map((code) => code.text)).toEqual([document.qrCode]);
    expect(codes[0]?.widthMm).toBeGreaterThanOrEqual(30);
    expect(atQrCode(document.qrCode as string).version).toBe(9);
    expect(atQrCode(`${document.qrCode}*S:${'x'.repeat(200)}`).version).toBeGreaterThan(9);
  });

  it("prints the organization's inline logo, and never fetches one from a URL", async () => {
    // A 1 × 1 PNG.
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const withLogo = await renderDocumentPdf(
      documentOf('FT'),
      { ...organization, logoUrl: png },
      notCertified,
    );
    const without = await renderDocumentPdf(documentOf('FT'), organization, notCertified);
    expect(withLogo.includes('/Subtype /Image')).toBe(true);
    expect(without.includes('/Subtype /Image')).toBe(false);
    const remote = { ...organization, logoUrl: 'http://127.0.0.1:9/logo.png' };
    expect(await pdfText(await renderDocumentPdf(documentOf('FT'), remote, notCertified))).toContain(
      'Fluxo Demo, Lda',
    );
  });

  it('prints the certificate number when the program is certified', async () => {
    const text = await textOf(documentOf('FT'), certified);
    expect(text).toContain(`${HASH_CHARACTERS}-Processado por programa certificado n.º 9999/AT`);
    expect(text).not.toContain('não certificado');
  });

  it('marks training-series documents, cancelled documents and drafts', async () => {
    expect(await textOf(documentOf('FT', { seriesType: 'F' }))).toContain(
      'Documento emitido para fins de formação',
    );
    const cancelled = await textOf(documentOf('FT', { status: 'A', cancelReason: 'Cliente errado' }));
    expect(cancelled).toContain('ANULADO');
    expect(cancelled).toContain('Anulado: Cliente errado');
    const draft = await textOf(
      documentOf('FT', {
        state: 'draft',
        status: null,
        number: null,
        documentNumber: null,
        atcud: null,
        hash: null,
        hashCharacters: null,
        qrCode: null,
      }),
    );
    expect(draft).toContain('RASCUNHO — NÃO SERVE DE FATURA');
    expect(draft).not.toContain('Processado por');
  });

  it('writes the document in its language, the legal mentions in Portuguese with their translation', async () => {
    const english = await textOf(documentOf('PF', { language: 'gb', seriesType: 'F' }));
    expect(english).toContain('Pro forma invoice');
    expect(english).toContain('Este documento não serve de fatura (This document is not an invoice)');
    expect(english).toContain(
      'Documento emitido para fins de formação (Document issued for training purposes)',
    );
    expect(english).toContain('Processado por programa não certificado');
    expect(english).toContain('Issued by a program not certified by the Tax Authority');
    expect(english).toContain('€160.70');
    expect(await textOf(documentOf('FT', { language: 'fr' }))).toContain('Net à payer');
    expect(await textOf(documentOf('FT', { language: 'es' }))).toContain('Total a pagar');
  });

  it('prints the Multibanco entity and reference when the document has them', async () => {
    const text = await textOf(documentOf('FT', { mbEntity: '12345', mbReference: '123456789' }));
    expect(text).toContain('Pagamento por Multibanco');
    expect(text).toContain('12345');
    expect(text).toContain('123 456 789');
  });

  it('prints the documents a receipt settles', async () => {
    const text = await textOf(
      documentOf('RG', {
        lines: [],
        taxes: [],
        paymentMethod: 'TB',
        settlements: [
          { documentNumber: 'FT 2026/3', documentDate: '2026-10-01', amount: 12300 },
          { documentNumber: 'FT 2026/4', documentDate: '2026-10-15', amount: 3770 },
        ],
      }),
    );
    expect(text).toContain('Documentos liquidados');
    expect(text).toContain('FT 2026/3');
    expect(text).toContain('123,00 €');
    expect(text).toContain('Recebemos de');
  });

  it('prints AO documents with the AGT mention and the AO exemption reasons', async () => {
    const ao = documentOf('FT', {
      taxRegion: 'AO',
      currency: 'AOA',
      qrCode: null,
      lines: [{ ...documentOf('FT').lines[1]!, taxRegion: 'AO', exemptionCode: 'M10' }],
      taxes: [{ taxRegion: 'AO', vatBasisPoints: 0, exemptionCode: 'M10', base: 5000, vat: 0 }],
    });
    const validated = await textOf(ao, { ...notCertified, agtValidationNumber: '123/AGT/2024' });
    expect(validated).toContain(`${HASH_CHARACTERS}-Processado por programa validado n.º 123/AGT/2024`);
    expect(validated).toContain('M10 — Isento nos termos da alínea a) do n.º 1 do artigo 12.º do CIVA');
    expect(validated).toContain('Kz');
    expect(await textOf(ao)).toContain(`${HASH_CHARACTERS}-Processado por programa não validado`);
  });

  it('repeats ATCUD and the mention on every page of a long document', async () => {
    const line = documentOf('FT').lines[0]!;
    const lines = Array.from({ length: 90 }, (_, index) => ({ ...line, position: index + 1 }));
    const pages = await pdfPages(
      await renderDocumentPdf(documentOf('FT', { lines }), organization, notCertified),
    );
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) {
      expect(page).toContain('ATCUD:AAJFJ2K6-7');
      expect(page).toContain(`${HASH_CHARACTERS}-Processado por programa não certificado`);
    }
  });
});

describe('printed texts', () => {
  it('has every key in every language, none empty', () => {
    const keys = Object.keys(PDF_TEXTS.gb).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(PDF_TEXTS[language]).sort()).toEqual(keys);
      for (const key of keys)
        expect(PDF_TEXTS[language][key as keyof (typeof PDF_TEXTS)['gb']].trim()).not.toBe('');
    }
  });

  it('writes out PT and AO exemption codes, and keeps an unknown code as it is', () => {
    expect(exemptionReasonText('PT-MA', 'M16')).toBe('Isento artigo 14.º do RITI');
    expect(exemptionReasonText('AO', 'M00')).toBe('Regime transitório');
    expect(exemptionReasonText('PT', 'M98')).toBe('M98');
  });

  it('names the receipts "Emitido" and everything else "Processado"', () => {
    expect(processingMention('RC', 'PT', certified)).toBe('Emitido por programa certificado n.º 9999/AT');
    expect(processingMention('FT', 'PT-AC', certified)).toBe(
      'Processado por programa certificado n.º 9999/AT',
    );
  });
});
