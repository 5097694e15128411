// PDF renders per second: a 10-line invoice (VAT at two rates, an exemption, withholding, Multibanco,
// the AT QR code) rendered one after another in this process. Target (issue 12): ≥ 20 PDFs/s.
// Called by bench/billing.bench.ts; run alone with `node --import tsx bench/billing-pdf.ts`.
import { buildAtQrString, hashCharacters } from '@fluxo/domain';
import {
  type PrintableDocument,
  type PrintableOrganization,
  renderDocumentPdf,
} from '../apps/server/src/modules/billing/pdf/document-pdf.ts';

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

function tenLineInvoice(): PrintableDocument {
  const hash = `${'mYJEv4iGwLcnQbRD7dPs0Kx9'.repeat(7)}abcd`;
  const lines = Array.from({ length: 10 }, (_, index) => {
    const exempt = index === 9;
    return {
      position: index + 1,
      productId: null,
      productCode: `P${index + 1}`,
      description: `Serviço de consultoria, fase ${index + 1}`,
      unit: 'H',
      quantity: 1500 + index * 250,
      unitPrice: 450_000,
      discountBasisPoints: index % 3 === 0 ? 500 : 0,
      taxRegion: 'PT',
      taxCode: exempt ? ('ISE' as const) : index % 2 ? ('RED' as const) : ('NOR' as const),
      vatBasisPoints: exempt ? 0 : index % 2 ? 600 : 2300,
      exemptionCode: exempt ? 'M07' : null,
      subjectToWithholding: true,
      net: 70_000 + index * 1_125,
    };
  });
  const normal = lines
    .filter((line) => line.vatBasisPoints === 2300)
    .reduce((sum, line) => sum + line.net, 0);
  const reduced = lines
    .filter((line) => line.vatBasisPoints === 600)
    .reduce((sum, line) => sum + line.net, 0);
  const exempt = lines.filter((line) => line.vatBasisPoints === 0).reduce((sum, line) => sum + line.net, 0);
  const [normalVat, reducedVat] = [Math.round(normal * 0.23), Math.round(reduced * 0.06)];
  const netTotal = normal + reduced + exempt;
  const taxPayable = normalVat + reducedVat;
  const grossTotal = netTotal + taxPayable;
  const withholding = Math.round(netTotal * 0.25);
  const documentNumber = 'FT 2026/123';
  return {
    id: '00000000-0000-4000-8000-000000000001',
    documentType: 'FT',
    seriesId: '00000000-0000-4000-8000-000000000002',
    state: 'issued',
    status: 'N',
    number: 123,
    documentNumber,
    atcud: 'AAJFJ2K6-123',
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
    mbEntity: '12345',
    mbReference: '123456789',
    emailedAt: null,
    scheduleId: null,
    lines,
    taxes: [
      { taxRegion: 'PT', vatBasisPoints: 0, exemptionCode: 'M07', base: exempt, vat: 0 },
      { taxRegion: 'PT', vatBasisPoints: 600, exemptionCode: null, base: reduced, vat: reducedVat },
      { taxRegion: 'PT', vatBasisPoints: 2300, exemptionCode: null, base: normal, vat: normalVat },
    ],
    netTotal,
    taxPayable,
    grossTotal,
    withholding,
    payable: grossTotal - withholding,
    settled: 0,
    hash,
    hashCharacters: hashCharacters(hash),
    hashControl: '1',
    qrCode: buildAtQrString({
      issuerTaxId: organization.vatNumber,
      buyerTaxId: '508332346',
      buyerCountry: 'PT',
      documentType: 'FT',
      status: 'N',
      date: '2026-11-20',
      documentId: documentNumber,
      atcud: 'AAJFJ2K6-123',
      regions: [
        { region: 'PT', exemptBase: exempt, reducedBase: reduced, reducedVat, normalBase: normal, normalVat },
      ],
      totalTaxes: taxPayable,
      grossTotal,
      withholding,
      hashCharacters: hashCharacters(hash),
      certificateNumber: '0',
    }),
    referenceDocumentId: null,
    reason: null,
    cancelReason: null,
    notes: 'Pagamento por transferência ou Multibanco.',
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
    footer: 'IBAN PT50 0002 0123 1234 5678 9015 4',
  };
}

/** Renders the 10-line invoice back to back for `seconds` (after a short warm-up). */
export async function measurePdfRenders(
  seconds: number,
): Promise<{ rendersPerSecond: number; p99Ms: number }> {
  const document = tenLineInvoice();
  const key = { certified: false, certificateNumber: '0' };
  for (let warm = 0; warm < 5; warm += 1) await renderDocumentPdf(document, organization, key);
  const durations: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  while (performance.now() < end) {
    const begin = performance.now();
    await renderDocumentPdf(document, organization, key);
    durations.push(performance.now() - begin);
  }
  const elapsed = (performance.now() - start) / 1000;
  durations.sort((a, b) => a - b);
  const p99 = durations[Math.min(durations.length - 1, Math.ceil(durations.length * 0.99) - 1)] ?? 0;
  return {
    rendersPerSecond: Math.round((durations.length / elapsed) * 10) / 10,
    p99Ms: Math.round(p99 * 10) / 10,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.argv[2] ?? 10);
  console.log(await measurePdfRenders(seconds));
}
