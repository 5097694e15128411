import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  accountingAccounts,
  accountingImportedDocuments,
  accountingJournals,
  billingParties,
  billingProducts,
} from '../../../db/schema.ts';
import { type PostingLine, postEntry } from '../ledger/post.ts';
import { ensureLedger } from '../ledger/setup.ts';
import { type Fields, microToCents, type SaftRecord, toMicro } from './reader.ts';

// Writes what the import pass reads, inside the import's one transaction: parties and products into
// billing's tables (matched by tax id / code, so nothing already there is duplicated), accounts into the
// chart (missing ones added), opening balances as one opening entry, each journal transaction through
// postEntry (sourceType saft_import, in the journal of its JournalID), and source documents into
// accounting_imported_documents (kept as issued there, never re-signed).

const cents = (text: string | undefined) => microToCents(toMicro(text) ?? 0n);

/** The nature of an account from its SNC/PGC class (first digit). */
function natureOf(code: string): string {
  const digit = code[0];
  if (digit === '1' || digit === '3' || digit === '4') return 'asset';
  if (digit === '2') return 'liability';
  if (digit === '5') return 'equity';
  if (digit === '6') return 'expense';
  if (digit === '7') return 'income';
  if (digit === '8') return 'result';
  return 'analytic';
}

const isoCountry = (value: string | undefined, fallback: string) =>
  value && /^[A-Z]{2}$/.test(value) ? value : fallback;

export class ImportWriter {
  readonly counts: Record<string, number> = {};
  private readonly parties = new Map<string, string>();
  private readonly journals = new Set<string>();
  private readonly opening: PostingLine[] = [];
  private country = 'PT';
  private startDate: string | null = null;
  /** The file's currency (Header CurrencyCode): every amount of the file is in it. */
  private currency = 'EUR';

  constructor(
    private readonly tx: Db,
    private readonly organizationId: string,
    private readonly importId: string,
    private readonly userId: string,
  ) {}

  private add(key: string) {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  async start() {
    await ensureLedger(this.tx, this.organizationId);
  }

  async write(records: SaftRecord[]) {
    for (const record of records) {
      switch (record.kind) {
        case 'header':
          this.country = isoCountry(record.fields.get('CompanyAddress/Country'), 'PT');
          this.startDate = record.fields.get('StartDate') ?? null;
          this.currency = (record.fields.get('CurrencyCode') ?? 'EUR').slice(0, 3);
          break;
        case 'account':
          await this.account(record.fields);
          break;
        case 'customer':
        case 'supplier':
          await this.party(record.kind, record.fields);
          break;
        case 'product':
          await this.product(record.fields);
          break;
        case 'transaction':
          await this.transaction(record.journalId, record.journalDescription, record.fields, record.lines);
          break;
        case 'document':
          await this.document(record.section, record.fields, record.lines);
          break;
        default:
          break;
      }
    }
  }

  /** The opening balances as one entry of the opening journal, on the first day of the file's year. */
  async end() {
    if (this.opening.length < 2 || !this.startDate) return;
    const debit = this.opening.reduce((sum, line) => sum + (line.debit ?? 0), 0);
    const credit = this.opening.reduce((sum, line) => sum + (line.credit ?? 0), 0);
    if (debit !== credit || debit === 0) return;
    await postEntry(this.tx, {
      organizationId: this.organizationId,
      journal: 'opening',
      date: this.startDate,
      periodNumber: 0,
      description: 'Saldos de abertura (SAF-T)',
      sourceType: 'saft_import',
      sourceId: this.importId,
      lines: this.opening,
      createdBy: this.userId,
    });
    this.add('openingEntries');
  }

  private async account(fields: Fields) {
    const code = fields.get('AccountID') ?? '';
    if (!code) return;
    const grouping = fields.get('GroupingCategory') ?? 'GM';
    const taxonomy = fields.get('TaxonomyCode');
    const inserted = await this.tx
      .insert(accountingAccounts)
      .values({
        organizationId: this.organizationId,
        code,
        name: (fields.get('AccountDescription') ?? code).slice(0, 200),
        parentCode: fields.get('GroupingCode') || null,
        groupingCategory: ['GR', 'GA', 'GM', 'AR', 'AA', 'AM'].includes(grouping) ? grouping : 'GM',
        taxonomyCode: taxonomy && /^\d+$/.test(taxonomy) ? Number(taxonomy) : null,
        nature: natureOf(code),
      })
      .onConflictDoNothing()
      .returning({ id: accountingAccounts.id });
    this.add(inserted.length > 0 ? 'accountsAdded' : 'accountsExisting');
    if (grouping !== 'GM') return;
    const balance = cents(fields.get('OpeningDebitBalance')) - cents(fields.get('OpeningCreditBalance'));
    if (balance > 0) this.opening.push({ accountCode: code, debit: balance });
    else if (balance < 0) this.opening.push({ accountCode: code, credit: -balance });
  }

  private async party(kind: 'customer' | 'supplier', fields: Fields) {
    const isCustomer = kind === 'customer';
    const code = fields.get(isCustomer ? 'CustomerID' : 'SupplierID') ?? '';
    const taxId = (fields.get(isCustomer ? 'CustomerTaxID' : 'SupplierTaxID') ?? '999999990').slice(0, 30);
    const name = (fields.get('CompanyName') ?? code).slice(0, 200);
    const country = isoCountry(fields.get('BillingAddress/Country'), this.country);
    const [existing] = await this.tx
      .select({ id: billingParties.id })
      .from(billingParties)
      .where(
        and(
          eq(billingParties.organizationId, this.organizationId),
          eq(billingParties.taxId, taxId),
          eq(billingParties.country, country),
          ...(taxId === '999999990' || taxId === '999999999' ? [eq(billingParties.name, name)] : []),
        ),
      )
      .limit(1);
    let id = existing?.id;
    if (existing) {
      await this.tx
        .update(billingParties)
        .set(isCustomer ? { isCustomer: true } : { isSupplier: true })
        .where(eq(billingParties.id, existing.id));
      this.add(`${kind}sExisting`);
    } else {
      const [row] = await this.tx
        .insert(billingParties)
        .values({
          organizationId: this.organizationId,
          isCustomer,
          isSupplier: !isCustomer,
          name,
          taxId,
          country,
          address: fields.get('BillingAddress/AddressDetail')?.slice(0, 300) ?? null,
          postalCode: fields.get('BillingAddress/PostalCode')?.slice(0, 20) ?? null,
          city: fields.get('BillingAddress/City')?.slice(0, 100) ?? null,
          email: fields.get('Email')?.slice(0, 200) ?? null,
          phone: fields.get('Telephone')?.slice(0, 40) ?? null,
        })
        .returning({ id: billingParties.id });
      id = row?.id;
      this.add(`${kind}sAdded`);
    }
    if (id) this.parties.set(`${kind}:${code}`, id);
  }

  private async product(fields: Fields) {
    const code = fields.get('ProductCode') ?? '';
    if (!code) return;
    const type = fields.get('ProductType') ?? 'P';
    const inserted = await this.tx
      .insert(billingProducts)
      .values({
        organizationId: this.organizationId,
        code: code.slice(0, 60),
        description: (fields.get('ProductDescription') ?? code).slice(0, 200),
        productType: ['P', 'S', 'O', 'E', 'I'].includes(type) ? type : 'P',
        unitPrice: 0,
      })
      .onConflictDoNothing()
      .returning({ id: billingProducts.id });
    this.add(inserted.length > 0 ? 'productsAdded' : 'productsExisting');
  }

  private async transaction(journalId: string, journalDescription: string, fields: Fields, lines: Fields[]) {
    const code = journalId || 'SAFT';
    if (!this.journals.has(code)) {
      await this.tx
        .insert(accountingJournals)
        .values({
          organizationId: this.organizationId,
          code,
          kind: 'general',
          name: (journalDescription || code).slice(0, 100),
        })
        .onConflictDoNothing();
      this.journals.add(code);
    }
    const period = Number(fields.get('Period'));
    const type = fields.get('TransactionType') ?? 'N';
    const partyCode = fields.get('CustomerID')
      ? `customer:${fields.get('CustomerID')}`
      : fields.get('SupplierID')
        ? `supplier:${fields.get('SupplierID')}`
        : null;
    const partyId = partyCode ? (this.parties.get(partyCode) ?? null) : null;
    await postEntry(this.tx, {
      organizationId: this.organizationId,
      journal: 'general',
      journalCode: code,
      date: fields.get('GLPostingDate') ?? fields.get('TransactionDate') ?? '',
      ...(period >= 13 && period <= 16 ? { periodNumber: period } : {}),
      description: (fields.get('Description') ?? fields.get('TransactionID') ?? '').slice(0, 500),
      transactionType: (['N', 'R', 'A', 'J'].includes(type) ? type : 'N') as 'N',
      sourceType: 'saft_import',
      sourceId: this.importId,
      createdBy: this.userId,
      lines: lines.map((line) => ({
        accountCode: line.get('AccountID') ?? '',
        ...(line.get('#') === 'DebitLine'
          ? { debit: cents(line.get('DebitAmount')) }
          : { credit: cents(line.get('CreditAmount')) }),
        description: line.get('Description')?.slice(0, 500) ?? null,
        sourceDocumentNumber: line.get('SourceDocumentID') || null,
        partyId,
      })),
    });
    this.add('entries');
  }

  private async document(section: string, fields: Fields, lines: Fields[]) {
    const number =
      fields.get('InvoiceNo') ?? fields.get('DocumentNumber') ?? fields.get('PaymentRefNo') ?? '';
    const type =
      fields.get('InvoiceType') ??
      fields.get('WorkType') ??
      fields.get('PaymentType') ??
      fields.get('MovementType') ??
      fields.get('PurchaseType') ??
      '';
    const status =
      fields.get('DocumentStatus/InvoiceStatus') ??
      fields.get('DocumentStatus/WorkStatus') ??
      fields.get('DocumentStatus/PaymentStatus') ??
      fields.get('DocumentStatus/MovementStatus') ??
      null;
    const date =
      fields.get('InvoiceDate') ??
      fields.get('WorkDate') ??
      fields.get('TransactionDate') ??
      fields.get('MovementDate') ??
      '';
    const customer = fields.get('CustomerID');
    const supplier = fields.get('SupplierID');
    const partyCode = customer ?? supplier ?? null;
    const partyId = customer
      ? (this.parties.get(`customer:${customer}`) ?? null)
      : supplier
        ? (this.parties.get(`supplier:${supplier}`) ?? null)
        : null;
    const inserted = await this.tx
      .insert(accountingImportedDocuments)
      .values({
        organizationId: this.organizationId,
        importId: this.importId,
        section,
        documentType: type.slice(0, 10),
        documentNumber: number.slice(0, 100),
        atcud: fields.get('ATCUD') ?? null,
        status: status ? status.slice(0, 1) : null,
        documentDate: date,
        systemEntryAt:
          fields.get('SystemEntryDate') ?? fields.get('DocumentStatus/InvoiceStatusDate') ?? null,
        partyId,
        partyCode,
        currency: this.currency,
        netTotal: cents(fields.get('DocumentTotals/NetTotal')),
        taxPayable: cents(fields.get('DocumentTotals/TaxPayable')),
        grossTotal: cents(fields.get('DocumentTotals/GrossTotal')),
        hash: fields.get('Hash') ?? null,
        hashControl: fields.get('HashControl') ?? null,
        lines: lines.map((line) => ({
          number: line.get('LineNumber') ?? null,
          productCode: line.get('ProductCode') ?? null,
          description: line.get('Description') ?? line.get('ProductDescription') ?? null,
          quantity: line.get('Quantity') ?? null,
          unitPrice: line.get('UnitPrice') ?? null,
          debit: line.get('DebitAmount') ?? null,
          credit: line.get('CreditAmount') ?? null,
          taxCode: line.get('Tax/TaxCode') ?? null,
          taxPercentage: line.get('Tax/TaxPercentage') ?? null,
        })),
      })
      .onConflictDoNothing()
      .returning({ id: accountingImportedDocuments.id });
    this.add(inserted.length > 0 ? 'documentsAdded' : 'documentsExisting');
  }
}
