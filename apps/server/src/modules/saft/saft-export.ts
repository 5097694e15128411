import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type SaftBasis, saftExemptionReason, saftPeriodProblem } from '@fluxo/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type SaftLedgerChart,
  saftLedgerChart,
  saftLedgerPartyPages,
  saftLedgerTaxRates,
} from '../accounting/index.ts';
import {
  eurCents,
  type SaftDocumentRow,
  type SaftLineRow,
  type SaftPeriod,
  type SigningKey,
  saftControlTotals,
  saftCustomerPages,
  saftDocumentPages,
  saftProductPages,
  saftReceiptExtras,
  saftTaxRates,
} from '../billing/index.ts';
import {
  type Dialect,
  generalLedgerAccountsXml,
  generalLedgerEntriesXml,
  ledgerTaxCode,
  type SaftAccount,
  saftAccounts,
  saftPartyId,
  supplierXml,
} from './saft-ledger.ts';
import { receiptLines } from './saft-receipts.ts';
import { decimal, divideRounded, el, fit, money, rateScaled } from './xml-text.ts';

// The SAF-T file: SAF-T (PT) 1.04_01 as Portaria 302/2016 and the official schema describe it, and for
// Angolan organizations SAF-T (AO) 1.01_01 (AGT's schema), which has the same structure without ATCUD,
// in kwanzas, with AGT's software validation number and its exemption codes. TaxAccountingBasis F
// (billing) holds the source documents; C (accounting) the chart with its balances, customers,
// suppliers, tax table and the journal (GeneralLedgerEntries, see saft-ledger.ts); I (integrated)
// both. Written to the reply as it is read: master files first, then each section's control totals
// (computed by the database) followed by its entries or documents in keyset pages.
// UTF-8, declared in the prolog: the AT accepts UTF-8 or Windows-1252, and only UTF-8 carries every
// character a customer's name may hold.

export interface SaftExportDeps {
  db: Db;
  signingKey: Pick<SigningKey, 'certificateNumber' | 'certified'>;
  invoicing: { producerTaxId: string | null };
  productVersion: string;
  now?: () => Date;
  pageSize?: number;
}

export interface SaftFile {
  fileName: string;
  body: Readable;
}

const DIALECTS = {
  PT: {
    namespace: 'urn:OECD:StandardAuditFile-Tax:PT_1.04_01',
    version: '1.04_01',
    currency: 'EUR',
    timeZone: 'Europe/Lisbon',
    salesTypes: ['FT', 'FS', 'FR', 'NC', 'ND'],
  },
  AO: {
    namespace: 'urn:OECD:StandardAuditFile-Tax:AO_1.01_01',
    version: '1.01_01',
    currency: 'AOA',
    timeZone: 'Africa/Luanda',
    salesTypes: ['FT', 'FR', 'NC', 'ND'],
  },
} as const;
const WORKING_TYPES = ['OR', 'PF'] as const;
const RECEIPT_TYPES = ['RC', 'RG'] as const;

let angolanExemptions: Map<string, string> | null = null;

/** AGT's exemption reasons (resources/fiscal/saft/ao/tax-exemptions.json, AGT's published table). */
function angolanExemptionReason(code: string): string {
  if (!angolanExemptions) {
    const file = path.resolve(import.meta.dirname, '../../../resources/fiscal/saft/ao/tax-exemptions.json');
    const table = JSON.parse(readFileSync(file, 'utf8')) as {
      data: { TaxExemptions: { TaxExemption: { TaxExemptionCode: string; TaxExemptionReason: string } }[] };
    };
    angolanExemptions = new Map(
      table.data.TaxExemptions.map(({ TaxExemption: entry }) => [
        entry.TaxExemptionCode,
        entry.TaxExemptionReason,
      ]),
    );
  }
  return fit(angolanExemptions.get(code), 60, `Isenção ${code}`);
}

function exemptionReason(dialect: Dialect, code: string): string {
  return dialect === 'PT' ? saftExemptionReason(code) : angolanExemptionReason(code);
}

/** CustomerID (≤ 30 characters): the party's uuid in base64url, 22 characters, stable across files. */
export function saftCustomerId(partyId: string): string {
  return saftPartyId(partyId);
}

function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Checks what makes a valid file before anything is sent, then streams it. */
export async function exportSaft(
  deps: SaftExportDeps,
  organizationId: string,
  query: { basis: SaftBasis; from: string; to: string },
): Promise<SaftFile> {
  const problem = saftPeriodProblem(query.from, query.to);
  if (problem)
    throw new AppError(
      'SAFT_PERIOD_INVALID',
      problem === 'ORDER'
        ? 'The period starts after it ends.'
        : 'A SAF-T file covers one fiscal year: choose dates in the same year.',
      [
        {
          path: problem === 'ORDER' ? 'from' : 'to',
          messageKey: 'ERRORS.SAFT_PERIOD_INVALID',
          message: problem,
        },
      ],
    );
  const [org] = await deps.db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'No such organization.');
  const country = org.country.trim();
  if (country !== 'PT' && country !== 'AO')
    throw new AppError('SAFT_COUNTRY_NOT_SUPPORTED', 'SAF-T files exist for Portugal and Angola only.');
  const dialect: Dialect = country;
  const taxId = dialect === 'PT' ? org.vatNumber.replace(/\D/g, '') : org.vatNumber.trim();
  const missing = [
    (dialect === 'PT' ? /^\d{9}$/ : /^[0-9A-Z]{10,15}$/).test(taxId) ? null : 'vatNumber',
    org.address?.trim() ? null : 'address',
    org.city?.trim() ? null : 'city',
    dialect === 'AO' || /^\d{4}-\d{3}$/.test(org.postalCode?.trim() ?? '') ? null : 'postalCode',
  ].filter((field): field is string => field !== null);
  if (missing.length)
    throw new AppError(
      'SAFT_ORGANIZATION_INCOMPLETE',
      `The SAF-T header needs the organization's ${missing.join(', ')} (postal code as 0000-000).`,
      missing.map((path) => ({ path, messageKey: 'VALIDATION.REQUIRED', message: 'Required' })),
    );
  const period: SaftPeriod = {
    organizationId,
    from: query.from,
    to: query.to,
    timeZone: DIALECTS[dialect].timeZone,
  };
  const header: HeaderData = {
    dialect,
    validated: deps.signingKey.certified,
    taxId,
    name: org.name,
    address: org.address as string,
    city: org.city as string,
    postalCode: org.postalCode?.trim() ?? '',
    phone: org.phone,
    email: org.email,
    // The tax the customer withholds on the issuer's income: on a company's, IRC (PT) or Imposto
    // Industrial (AO); on a person's, IRS (PT) or IRT (AO).
    withholdingType:
      org.type === 'company' ? (dialect === 'PT' ? 'IRC' : 'II') : dialect === 'PT' ? 'IRS' : 'IRT',
  };
  const created = todayIn(period.timeZone, deps.now?.() ?? new Date());
  // The chart (bounded, unlike the journal) is read before the reply starts: an account the file
  // cannot describe is refused with a 4xx, not a broken stream.
  let ledger: LedgerPart | null = null;
  if (query.basis !== 'F') {
    const chart = await saftLedgerChart(deps.db, period, country);
    ledger = { chart, accounts: saftAccounts(dialect, chart) };
  }
  return {
    fileName: `SAFT-${dialect}_${taxId}_${query.basis === 'F' ? '' : `${query.basis}_`}${query.from}_${query.to}.xml`,
    body: Readable.from(rechunked(saftChunks(deps, period, header, created, query.basis, ledger))),
  };
}

interface LedgerPart {
  chart: SaftLedgerChart;
  accounts: SaftAccount[];
}

interface HeaderData {
  dialect: Dialect;
  /** Certified by the AT (PT) or validated by AGT (AO). */
  validated: boolean;
  taxId: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  phone: string | null;
  email: string | null;
  withholdingType: string;
}

/**
 * Regroups the file's pieces into chunks of about 32,000 characters: small enough to stay in V8's young
 * generation and to keep the stream's buffer (16 chunks) under a megabyte, large enough for few writes.
 */
async function* rechunked(pieces: AsyncGenerator<string | string[]>): AsyncGenerator<string> {
  const LIMIT = 32_000;
  let buffer: string[] = [];
  let size = 0;
  for await (const piece of pieces) {
    for (const part of typeof piece === 'string' ? [piece] : piece) {
      buffer.push(part);
      size += part.length;
      if (size >= LIMIT) {
        yield buffer.join('');
        buffer = [];
        size = 0;
      }
    }
  }
  if (size) yield buffer.join('');
}

async function* saftChunks(
  deps: SaftExportDeps,
  period: SaftPeriod,
  header: HeaderData,
  created: string,
  basis: SaftBasis,
  ledger: LedgerPart | null,
): AsyncGenerator<string | string[]> {
  const pageSize = deps.pageSize ?? 250;
  const dialect = DIALECTS[header.dialect];
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<AuditFile xmlns="${dialect.namespace}">\n`;
  yield headerXml(deps, period, header, created, basis);
  yield '<MasterFiles>\n';
  if (ledger) {
    yield generalLedgerAccountsXml(header.dialect, ledger.chart.taxonomyReference, ledger.accounts);
    const chart = ledger.chart.chart;
    const withDocuments = basis === 'I';
    for await (const page of saftLedgerPartyPages(deps.db, period, chart, 'C', { withDocuments }, pageSize))
      yield page.map((party) => customerXml(party, party.account_code));
    for await (const page of saftLedgerPartyPages(deps.db, period, chart, 'S', { withDocuments }, pageSize))
      yield page.map((party) => supplierXml(party, header.dialect));
  } else {
    for await (const page of saftCustomerPages(deps.db, period, pageSize))
      yield page.map((party) => customerXml(party));
  }
  if (basis !== 'C')
    for await (const page of saftProductPages(deps.db, period, pageSize)) yield page.map(productXml);
  const rates = new Map<string, { tax_region: string; tax_code: string; vat_basis_points: number }>();
  const addRate = (rate: { tax_region: string; tax_code: string; vat_basis_points: number }) =>
    rates.set(`${rate.tax_region}|${rate.tax_code}|${rate.vat_basis_points}`, rate);
  if (basis !== 'C') for (const rate of await saftTaxRates(deps.db, period)) addRate(rate);
  if (ledger)
    for (const rate of await saftLedgerTaxRates(deps.db, period))
      addRate({ ...rate, tax_code: ledgerTaxCode(rate.tax_region, rate.vat_basis_points, period.to) });
  if (rates.size) yield `<TaxTable>${[...rates.values()].map(taxTableEntryXml).join('')}</TaxTable>\n`;
  yield '</MasterFiles>\n';
  // Journal lines are small: pages of 1,000 entries (about 4,000 lines) make fewer round trips.
  if (ledger) yield* generalLedgerEntriesXml(deps.db, period, ledger.chart.chart, deps.pageSize ?? 1000);
  if (basis !== 'C') yield* sourceDocumentsXml(deps, period, header, pageSize);
  yield '</AuditFile>\n';
}

async function* sourceDocumentsXml(
  deps: SaftExportDeps,
  period: SaftPeriod,
  header: HeaderData,
  pageSize: number,
): AsyncGenerator<string | string[]> {
  const dialect = DIALECTS[header.dialect];
  yield '<SourceDocuments>\n';
  const sales = await saftControlTotals(deps.db, period, dialect.salesTypes, ['NC']);
  yield `<SalesInvoices>${el('NumberOfEntries', sales.entries)}${el('TotalDebit', money(sales.debit))}${el('TotalCredit', money(sales.credit))}\n`;
  for await (const page of saftDocumentPages(deps.db, period, dialect.salesTypes, pageSize))
    yield page.map(({ document, lines }) => invoiceXml(document, lines, header));
  yield '</SalesInvoices>\n';

  const working = await saftControlTotals(deps.db, period, WORKING_TYPES, []);
  yield `<WorkingDocuments>${el('NumberOfEntries', working.entries)}${el('TotalDebit', money(working.debit))}${el('TotalCredit', money(working.credit))}\n`;
  for await (const page of saftDocumentPages(deps.db, period, WORKING_TYPES, pageSize))
    yield page.map(({ document, lines }) => workDocumentXml(document, lines, header));
  yield '</WorkingDocuments>\n';

  // The receipts' totals depend on how each is split into lines: a first pass computes them with the
  // very code that writes the lines, reading page by page like the second.
  let receipts = 0;
  let receiptDebit = 0;
  let receiptCredit = 0;
  for await (const page of saftDocumentPages(deps.db, period, RECEIPT_TYPES, pageSize)) {
    const extras = await saftReceiptExtras(
      deps.db,
      period.organizationId,
      page.map(({ document }) => document.id),
    );
    for (const { document } of page) {
      receipts += 1;
      if (document.status === 'A') continue;
      for (const line of paymentLinesOf(document, extras, header.dialect).lines) {
        if (line.side === 'credit') receiptCredit += line.amount;
        else receiptDebit += line.amount;
      }
    }
  }
  yield `<Payments>${el('NumberOfEntries', receipts)}${el('TotalDebit', money(receiptDebit))}${el('TotalCredit', money(receiptCredit))}\n`;
  for await (const page of saftDocumentPages(deps.db, period, RECEIPT_TYPES, pageSize)) {
    const extras = await saftReceiptExtras(
      deps.db,
      period.organizationId,
      page.map(({ document }) => document.id),
    );
    yield page.map(({ document }) => paymentXml(document, extras, header));
  }
  yield '</Payments>\n</SourceDocuments>\n';
}

function headerXml(
  deps: SaftExportDeps,
  period: SaftPeriod,
  header: HeaderData,
  created: string,
  basis: SaftBasis,
): string {
  const producer = deps.invoicing.producerTaxId ?? header.taxId;
  const pt = header.dialect === 'PT';
  return [
    '<Header>',
    el('AuditFileVersion', DIALECTS[header.dialect].version),
    el('CompanyID', header.taxId),
    el('TaxRegistrationNumber', header.taxId),
    el('TaxAccountingBasis', basis),
    el('CompanyName', fit(header.name, 100)),
    '<CompanyAddress>',
    el('AddressDetail', fit(header.address, 210)),
    el('City', fit(header.city, 50)),
    pt ? el('PostalCode', header.postalCode) : '',
    el('Country', header.dialect),
    '</CompanyAddress>',
    el('FiscalYear', period.from.slice(0, 4)),
    el('StartDate', period.from),
    el('EndDate', period.to),
    el('CurrencyCode', DIALECTS[header.dialect].currency),
    el('DateCreated', created),
    // Portaria 302/2016, 1.13: "Global" in a billing file; "Sede" in an accounting or integrated one.
    el('TaxEntity', basis === 'F' ? 'Global' : 'Sede'),
    el('ProductCompanyTaxID', fit(producer, 30)),
    // AO: AGT's validation number (`n/AGT/yyyy`), 0 for a program AGT has not validated.
    pt
      ? el('SoftwareCertificateNumber', deps.signingKey.certificateNumber)
      : el('SoftwareValidationNumber', header.validated ? deps.signingKey.certificateNumber : '0'),
    el('ProductID', 'Fluxo/Fluxo'),
    el('ProductVersion', fit(deps.productVersion, 30)),
    header.validated
      ? ''
      : el('HeaderComment', pt ? 'Programa não certificado pela AT' : 'Programa não validado pela AGT'),
    header.phone?.trim() ? el('Telephone', fit(header.phone, 20)) : '',
    header.email?.trim() ? el('Email', fit(header.email, 254)) : '',
    '</Header>\n',
  ].join('');
}

function customerXml(
  party: {
    id: string;
    name: string;
    tax_id: string;
    country: string;
    address: string | null;
    postal_code: string | null;
    city: string | null;
    email: string | null;
    phone: string | null;
  },
  accountId: string | null = null,
): string {
  // Portaria 302/2016, 2.2.3 and 2.2.4: an unidentified final consumer is 999999990, "Consumidor final".
  const taxId = fit(party.tax_id, 30, '999999990');
  const finalConsumer = taxId === '999999990';
  return [
    '<Customer>',
    el('CustomerID', saftCustomerId(party.id)),
    el('AccountID', accountId ?? 'Desconhecido'),
    el('CustomerTaxID', taxId),
    el('CompanyName', finalConsumer ? fit(party.name, 100, 'Consumidor final') : fit(party.name, 100)),
    '<BillingAddress>',
    el('AddressDetail', fit(party.address, 210)),
    el('City', fit(party.city, 50)),
    el('PostalCode', fit(party.postal_code, 20)),
    el('Country', /^[A-Z]{2}$/.test(party.country) ? party.country : 'Desconhecido'),
    '</BillingAddress>',
    party.phone?.trim() ? el('Telephone', fit(party.phone, 20)) : '',
    party.email?.trim() ? el('Email', fit(party.email, 254)) : '',
    el('SelfBillingIndicator', 0),
    '</Customer>\n',
  ].join('');
}

function productXml(product: {
  product_code: string;
  line_description: string;
  product_type: string | null;
  product_description: string | null;
}): string {
  const code = fit(product.product_code, 60);
  const description = fit(product.product_description ?? product.line_description, 200, 'Diversos');
  return [
    '<Product>',
    el('ProductType', product.product_type?.trim() || 'S'),
    el('ProductCode', code),
    el('ProductDescription', description.length >= 2 ? description : `${description} ${code}`),
    el('ProductNumberCode', code),
    '</Product>\n',
  ].join('');
}

const percentage = (basisPoints: number) => decimal(basisPoints, 2);

function taxDescription(code: string, basisPoints: number): string {
  const names: Record<string, string> = { NOR: 'Taxa normal', INT: 'Taxa intermédia', RED: 'Taxa reduzida' };
  return code === 'ISE' ? 'Isento' : `${names[code] ?? code} ${percentage(basisPoints)}%`;
}

function taxTableEntryXml(rate: { tax_region: string; tax_code: string; vat_basis_points: number }): string {
  return [
    '<TaxTableEntry>',
    el('TaxType', 'IVA'),
    el('TaxCountryRegion', rate.tax_region),
    el('TaxCode', rate.tax_code),
    el('Description', taxDescription(rate.tax_code, rate.vat_basis_points)),
    el('TaxPercentage', percentage(rate.vat_basis_points)),
    '</TaxTableEntry>',
  ].join('');
}

const sourceId = (document: SaftDocumentRow) => fit(document.creator, 30, 'Fluxo');

function statusXml(
  prefix: 'Invoice' | 'Work' | 'Payment',
  document: SaftDocumentRow,
  source: string,
): string {
  const cancelled = document.status === 'A';
  return [
    '<DocumentStatus>',
    el(`${prefix}Status`, document.status),
    el(`${prefix}StatusDate`, cancelled && document.cancelled ? document.cancelled : document.system_entry),
    cancelled ? el('Reason', fit(document.cancel_reason, 50, 'Anulado')) : '',
    el('SourceID', sourceId(document)),
    el(source, 'P'),
    '</DocumentStatus>',
  ].join('');
}

/** Unit price without VAT and after the line discount, in EUR. */
function unitPriceXml(line: SaftLineRow, exchangeRate: string): string {
  const net8 = BigInt(Math.abs(line.unit_price)) * BigInt(10_000 - line.discount_basis_points);
  if (/^1(\.0*)?$/.test(exchangeRate)) return decimal(net8, 8, 2);
  return decimal(divideRounded(net8 * 10_000_000_000n, rateScaled(exchangeRate)), 8, 2);
}

function lineXml(
  dialect: Dialect,
  document: SaftDocumentRow,
  line: SaftLineRow,
  debitSide: boolean,
  references: { order: boolean; correction: boolean },
): string {
  const amount = eurCents(line.net, document.exchange_rate);
  // A negative line (a discount line) sits on the other side.
  const debit = debitSide ? amount >= 0 : amount < 0;
  const exempt = line.vat_basis_points === 0;
  const exemptionCode = line.exemption_code ?? (dialect === 'PT' ? 'M99' : 'M02');
  return [
    '<Line>',
    el('LineNumber', line.position),
    references.order && document.reference_number
      ? `<OrderReferences>${el('OriginatingON', fit(document.reference_number, 60))}${
          document.reference_date ? el('OrderDate', document.reference_date) : ''
        }</OrderReferences>`
      : '',
    el('ProductCode', fit(line.product_code, 60)),
    el('ProductDescription', fit(line.description, 200, 'Diversos').padEnd(2, '.')),
    el('Quantity', decimal(Math.abs(line.quantity), 3)),
    el('UnitOfMeasure', fit(line.unit, 20, 'UN')),
    el('UnitPrice', unitPriceXml(line, document.exchange_rate)),
    el('TaxPointDate', document.document_date),
    references.correction && document.reference_number
      ? `<References>${el('Reference', fit(document.reference_number, 60))}${
          document.reason?.trim() ? el('Reason', fit(document.reason, 50)) : ''
        }</References>`
      : '',
    el('Description', fit(line.description, 200, 'Diversos')),
    el(debit ? 'DebitAmount' : 'CreditAmount', money(amount)),
    '<Tax>',
    el('TaxType', 'IVA'),
    el('TaxCountryRegion', line.tax_region),
    el('TaxCode', line.tax_code),
    el('TaxPercentage', percentage(line.vat_basis_points)),
    '</Tax>',
    exempt ? el('TaxExemptionReason', exemptionReason(dialect, exemptionCode)) : '',
    exempt ? el('TaxExemptionCode', exemptionCode) : '',
    '</Line>',
  ].join('');
}

/** DocumentTotals' amounts in EUR; the foreign-currency gross and the EUR rate in Currency. */
function totalsXml(dialect: Dialect, document: SaftDocumentRow, extra = ''): string {
  const gross = eurCents(document.gross_total, document.exchange_rate);
  const tax = eurCents(document.tax_payable, document.exchange_rate);
  const foreign = document.currency !== DIALECTS[dialect].currency;
  return [
    '<DocumentTotals>',
    el('TaxPayable', money(tax)),
    el('NetTotal', money(gross - tax)),
    el('GrossTotal', money(gross)),
    foreign
      ? `<Currency>${el('CurrencyCode', document.currency)}${el('CurrencyAmount', money(document.gross_total))}${el(
          'ExchangeRate',
          // SAF-T states euros per unit of the currency; Fluxo keeps units of the currency per euro.
          decimal(divideRounded(10n ** 18n, rateScaled(document.exchange_rate)), 8),
        )}</Currency>`
      : '',
    extra,
    '</DocumentTotals>',
  ].join('');
}

function invoiceXml(document: SaftDocumentRow, lines: SaftLineRow[], header: HeaderData): string {
  const type = document.document_type;
  const correction = type === 'NC' || type === 'ND';
  const order = !correction && (document.reference_type === 'OR' || document.reference_type === 'PF');
  const paidAtOnce =
    (type === 'FR' || type === 'FS') && document.payment_method
      ? `<Payment>${el('PaymentMechanism', document.payment_method)}${el(
          'PaymentAmount',
          money(eurCents(document.gross_total - document.withholding, document.exchange_rate)),
        )}${el('PaymentDate', document.document_date)}</Payment>`
      : '';
  return [
    '<Invoice>',
    el('InvoiceNo', document.document_number),
    header.dialect === 'PT' ? el('ATCUD', document.atcud ?? '0') : '',
    statusXml('Invoice', document, 'SourceBilling'),
    el('Hash', document.hash ?? '0'),
    el('HashControl', hashControl(header, document)),
    el('Period', Number(document.document_date.slice(5, 7))),
    el('InvoiceDate', document.document_date),
    el('InvoiceType', type),
    '<SpecialRegimes><SelfBillingIndicator>0</SelfBillingIndicator><CashVATSchemeIndicator>0</CashVATSchemeIndicator><ThirdPartiesBillingIndicator>0</ThirdPartiesBillingIndicator></SpecialRegimes>',
    el('SourceID', sourceId(document)),
    el('SystemEntryDate', document.system_entry),
    el('CustomerID', saftCustomerId(document.party_id)),
    lines
      .map((line) => lineXml(header.dialect, document, line, type === 'NC', { order, correction }))
      .join(''),
    totalsXml(header.dialect, document, paidAtOnce),
    document.withholding > 0
      ? `<WithholdingTax>${el('WithholdingTaxType', header.withholdingType)}${el(
          'WithholdingTaxAmount',
          money(eurCents(document.withholding, document.exchange_rate)),
        )}</WithholdingTax>`
      : '',
    '</Invoice>\n',
  ].join('');
}

/** HashControl: the key version; for AO, 0 while AGT has not validated the program (AGT's rule). */
function hashControl(header: HeaderData, document: SaftDocumentRow): string {
  if (header.dialect === 'AO' && !header.validated) return '0';
  return document.hash_control ?? '0';
}

function workDocumentXml(document: SaftDocumentRow, lines: SaftLineRow[], header: HeaderData): string {
  return [
    '<WorkDocument>',
    el('DocumentNumber', document.document_number),
    header.dialect === 'PT' ? el('ATCUD', document.atcud ?? '0') : '',
    statusXml('Work', document, 'SourceBilling'),
    el('Hash', document.hash ?? '0'),
    el('HashControl', hashControl(header, document)),
    el('Period', Number(document.document_date.slice(5, 7))),
    el('WorkDate', document.document_date),
    el('WorkType', document.document_type),
    el('SourceID', sourceId(document)),
    el('SystemEntryDate', document.system_entry),
    el('CustomerID', saftCustomerId(document.party_id)),
    lines
      .map((line) => lineXml(header.dialect, document, line, false, { order: false, correction: false }))
      .join(''),
    totalsXml(header.dialect, document),
    '</WorkDocument>\n',
  ].join('');
}

function paymentLinesOf(
  document: SaftDocumentRow,
  extras: Awaited<ReturnType<typeof saftReceiptExtras>>,
  dialect: Dialect,
) {
  const built = receiptLines(document.document_type, document.id, extras, (code) =>
    exemptionReason(dialect, code),
  );
  if (built.lines.length) return built;
  // A receipt always settles something; should its allocations be gone, it still states its amount.
  const amount = eurCents(document.gross_total, document.exchange_rate);
  return {
    lines: [
      {
        originatingOn: document.document_number,
        invoiceDate: document.document_date,
        amount,
        side: 'credit' as const,
        tax: null,
        exemption: null,
      },
    ],
    totals: { net: amount, tax: 0, gross: amount },
  };
}

function paymentXml(
  document: SaftDocumentRow,
  extras: Awaited<ReturnType<typeof saftReceiptExtras>>,
  header: HeaderData,
): string {
  const { lines, totals } = paymentLinesOf(document, extras, header.dialect);
  const methods = extras.payments.filter((payment) => payment.receipt_id === document.id);
  return [
    '<Payment>',
    el('PaymentRefNo', document.document_number),
    header.dialect === 'PT' ? el('ATCUD', document.atcud ?? '0') : '',
    el('Period', Number(document.document_date.slice(5, 7))),
    el('TransactionDate', document.document_date),
    el('PaymentType', document.document_type),
    statusXml('Payment', document, 'SourcePayment'),
    methods
      .map(
        (payment) =>
          `<PaymentMethod>${el('PaymentMechanism', payment.method)}${el(
            'PaymentAmount',
            money(eurCents(payment.amount, document.exchange_rate)),
          )}${el('PaymentDate', payment.payment_date)}</PaymentMethod>`,
      )
      .join(''),
    el('SourceID', sourceId(document)),
    el('SystemEntryDate', document.system_entry),
    el('CustomerID', saftCustomerId(document.party_id)),
    lines
      .map((line, index) =>
        [
          '<Line>',
          el('LineNumber', index + 1),
          `<SourceDocumentID>${el('OriginatingON', fit(line.originatingOn, 60))}${el('InvoiceDate', line.invoiceDate)}</SourceDocumentID>`,
          el(line.side === 'debit' ? 'DebitAmount' : 'CreditAmount', money(line.amount)),
          line.tax
            ? `<Tax>${el('TaxType', 'IVA')}${el('TaxCountryRegion', line.tax.region)}${el('TaxCode', line.tax.code)}${el(
                'TaxPercentage',
                percentage(line.tax.basisPoints),
              )}</Tax>`
            : '',
          line.exemption ? el('TaxExemptionReason', line.exemption.reason) : '',
          line.exemption ? el('TaxExemptionCode', line.exemption.code) : '',
          '</Line>',
        ].join(''),
      )
      .join(''),
    '<DocumentTotals>',
    el('TaxPayable', money(totals.tax)),
    el('NetTotal', money(totals.net)),
    el('GrossTotal', money(totals.gross)),
    document.currency !== DIALECTS[header.dialect].currency
      ? `<Currency>${el('CurrencyCode', document.currency)}${el('CurrencyAmount', money(document.gross_total))}${el(
          'ExchangeRate',
          decimal(divideRounded(10n ** 18n, rateScaled(document.exchange_rate)), 8),
        )}</Currency>`
      : '',
    '</DocumentTotals>',
    '</Payment>\n',
  ].join('');
}
