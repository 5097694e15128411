import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { validateXML } from 'xmllint-wasm';

// Checks a SAF-T (PT) 1.04_01 file the way the AT's validator would: against the official schema
// (its libxml2-compilable variant, through xmllint-wasm) and, in code, the XSD 1.1 assertions that
// variant drops. The assertions, from SAFTPT_1_04_01.xsd:
//  1. GeneralLedgerAccounts/Account: TaxonomyCode present exactly when GroupingCategory is GM.
//  2. GeneralLedgerAccounts/Account: GroupingCode absent for GR and AR, present for GA, AA, GM, AM.
//  3. Lines of SalesInvoices, WorkingDocuments and Payments: with Tax/TaxAmount, it is non-zero
//     exactly when there is no TaxExemptionReason.
//  4. Lines of SalesInvoices, MovementOfGoods, WorkingDocuments and Payments: with Tax/TaxPercentage,
//     it is non-zero exactly when there is no TaxExemptionReason.
//  5. Those lines: TaxExemptionReason and TaxExemptionCode come together or not at all.
//  6. Lines of SalesInvoices and WorkingDocuments: with TaxBase, UnitPrice is 0.
//  7. Those lines: with TaxBase, DebitAmount/CreditAmount are 0.
//  8. Payments/Payment/Line: an RC payment's lines carry Tax.
//  9. Payments/Payment: an RC payment has some Line/Tax/TaxType; otherwise it is RG.
// And what the variant loosens for the journal: its Transaction/Lines is a choice of DebitLine and
// CreditLine in any number, where the 1.1 schema's xs:all wants at least one of each (10).

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../resources/fiscal/saft/pt');

export async function validateSaftSchema(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: [{ fileName: 'saft.xml', contents: xml }],
    schema: [
      {
        fileName: 'SAFTPT_1_04_01_NO_ASSERT_NO_ALL.xsd',
        // The schema is Windows-1252, which this libxml2 build cannot read: decoded, declared UTF-8.
        contents: new TextDecoder('windows-1252')
          .decode(readFileSync(path.join(SCHEMA_DIR, 'SAFTPT_1_04_01_NO_ASSERT_NO_ALL.xsd')))
          .replace('encoding="Windows-1252"', 'encoding="UTF-8"'),
      },
    ],
    maxMemoryPages: 16_384,
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

/** The SAF-T (AO) 1.01_01 schema is XSD 1.0 (no assertions): libxml2 compiles it as it is. */
export async function validateSaftAoSchema(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({
    xml: [{ fileName: 'saft-ao.xml', contents: xml }],
    schema: [
      {
        fileName: 'SAFTAO1.01_01.xsd',
        contents: readFileSync(path.resolve(SCHEMA_DIR, '../ao/SAFTAO1.01_01.xsd')),
      },
    ],
    maxMemoryPages: 16_384,
  });
  return { valid: result.valid, errors: result.errors.map((error) => error.rawMessage) };
}

type Node = Record<string, unknown>;

const REPEATED = new Set([
  'Account',
  'Journal',
  'Transaction',
  'DebitLine',
  'CreditLine',
  'Customer',
  'Supplier',
  'Product',
  'TaxTableEntry',
  'Invoice',
  'StockMovement',
  'WorkDocument',
  'Payment',
  'Line',
  'PaymentMethod',
  'SourceDocumentID',
  'WithholdingTax',
  'OrderReferences',
  'References',
]);

export function parseSaft(xml: string): Node {
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    isArray: (name) => REPEATED.has(name),
  });
  return (parser.parse(xml) as { AuditFile: Node }).AuditFile;
}

const list = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]) : []);
const has = (node: Node | undefined, key: string) => node?.[key] !== undefined;
const isZero = (value: unknown) => Number(value) === 0;

function lineProblems(where: string, line: Node, withTaxBase: boolean, withTaxAmount: boolean): string[] {
  const problems: string[] = [];
  const tax = line.Tax as Node | undefined;
  const reason = has(line, 'TaxExemptionReason');
  if (withTaxAmount && has(tax, 'TaxAmount') && isZero(tax?.TaxAmount) !== reason)
    problems.push(`${where}: TaxAmount and TaxExemptionReason disagree (assert 3)`);
  if (has(tax, 'TaxPercentage') && isZero(tax?.TaxPercentage) !== reason)
    problems.push(`${where}: TaxPercentage and TaxExemptionReason disagree (assert 4)`);
  if (reason !== has(line, 'TaxExemptionCode'))
    problems.push(`${where}: TaxExemptionReason without TaxExemptionCode or the reverse (assert 5)`);
  if (withTaxBase && has(line, 'TaxBase')) {
    if (!isZero(line.UnitPrice)) problems.push(`${where}: TaxBase with a UnitPrice (assert 6)`);
    if (!isZero(line.DebitAmount ?? 0) || !isZero(line.CreditAmount ?? 0))
      problems.push(`${where}: TaxBase with an amount (assert 7)`);
  }
  return problems;
}

/** The XSD 1.1 assertions, checked on a parsed file: every violation, named. */
export function saftAssertProblems(file: Node): string[] {
  const problems: string[] = [];
  const master = (file.MasterFiles ?? {}) as Node;
  for (const account of list((master.GeneralLedgerAccounts as Node | undefined)?.Account)) {
    const category = String(account.GroupingCategory);
    if ((category === 'GM') !== has(account, 'TaxonomyCode'))
      problems.push(`Account ${account.AccountID}: TaxonomyCode and GroupingCategory disagree (assert 1)`);
    if (['GR', 'AR'].includes(category) === has(account, 'GroupingCode'))
      problems.push(`Account ${account.AccountID}: GroupingCode and GroupingCategory disagree (assert 2)`);
  }
  for (const journal of list((file.GeneralLedgerEntries as Node | undefined)?.Journal))
    for (const transaction of list(journal.Transaction)) {
      const lines = (transaction.Lines ?? {}) as Node;
      if (list(lines.DebitLine).length === 0 || list(lines.CreditLine).length === 0)
        problems.push(`${transaction.TransactionID}: Lines without a DebitLine or a CreditLine (10)`);
    }
  const sources = (file.SourceDocuments ?? {}) as Node;
  for (const invoice of list((sources.SalesInvoices as Node | undefined)?.Invoice))
    for (const line of list(invoice.Line))
      problems.push(...lineProblems(`${invoice.InvoiceNo} line ${line.LineNumber}`, line, true, true));
  for (const movement of list((sources.MovementOfGoods as Node | undefined)?.StockMovement))
    for (const line of list(movement.Line))
      problems.push(
        ...lineProblems(`${movement.DocumentNumber} line ${line.LineNumber}`, line, false, false),
      );
  for (const work of list((sources.WorkingDocuments as Node | undefined)?.WorkDocument))
    for (const line of list(work.Line))
      problems.push(...lineProblems(`${work.DocumentNumber} line ${line.LineNumber}`, line, true, true));
  for (const payment of list((sources.Payments as Node | undefined)?.Payment)) {
    const lines = list(payment.Line);
    for (const line of lines) {
      problems.push(...lineProblems(`${payment.PaymentRefNo} line ${line.LineNumber}`, line, false, true));
      if (payment.PaymentType === 'RC' && !has(line, 'Tax'))
        problems.push(`${payment.PaymentRefNo} line ${line.LineNumber}: an RC line without Tax (assert 8)`);
    }
    const anyTax = lines.some((line) => has(line.Tax as Node | undefined, 'TaxType'));
    if (!((anyTax && payment.PaymentType === 'RC') || payment.PaymentType === 'RG'))
      problems.push(`${payment.PaymentRefNo}: PaymentType and its lines' Tax disagree (assert 9)`);
  }
  return problems;
}

/** Cents of a SAF-T decimal ("12.3" → 1230), by string manipulation. */
export function centsOf(value: unknown): number {
  const text = String(value ?? '0');
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * The control totals recomputed from the documents themselves: NumberOfEntries counts every document;
 * TotalDebit/TotalCredit add the lines' amounts of documents not cancelled (A) nor invoiced (F).
 */
export function recomputedTotals(file: Node) {
  const sources = (file.SourceDocuments ?? {}) as Node;
  const section = (name: string, item: string, status: string) => {
    const node = sources[name] as Node | undefined;
    const items = list(node?.[item]);
    let debit = 0;
    let credit = 0;
    for (const document of items) {
      const state = String(((document.DocumentStatus ?? {}) as Node)[status]);
      if (state === 'A' || state === 'F') continue;
      for (const line of list(document.Line)) {
        debit += centsOf(line.DebitAmount);
        credit += centsOf(line.CreditAmount);
      }
    }
    return {
      declared: {
        entries: Number(node?.NumberOfEntries ?? 0),
        debit: centsOf(node?.TotalDebit),
        credit: centsOf(node?.TotalCredit),
      },
      recomputed: { entries: items.length, debit, credit },
    };
  };
  return {
    sales: section('SalesInvoices', 'Invoice', 'InvoiceStatus'),
    working: section('WorkingDocuments', 'WorkDocument', 'WorkStatus'),
    payments: section('Payments', 'Payment', 'PaymentStatus'),
  };
}

/**
 * GeneralLedgerEntries' control totals as declared and as recomputed from its transactions' lines;
 * and, per account, the debit minus credit of the lines (to tie opening + movements to closing).
 */
export function recomputedLedgerTotals(file: Node) {
  const node = (file.GeneralLedgerEntries ?? {}) as Node;
  let entries = 0;
  let debit = 0;
  let credit = 0;
  const movements = new Map<string, number>();
  for (const journal of list(node.Journal))
    for (const transaction of list(journal.Transaction)) {
      entries += 1;
      const lines = (transaction.Lines ?? {}) as Node;
      for (const line of list(lines.DebitLine)) {
        const amount = centsOf(line.DebitAmount);
        debit += amount;
        const account = String(line.AccountID);
        movements.set(account, (movements.get(account) ?? 0) + amount);
      }
      for (const line of list(lines.CreditLine)) {
        const amount = centsOf(line.CreditAmount);
        credit += amount;
        const account = String(line.AccountID);
        movements.set(account, (movements.get(account) ?? 0) - amount);
      }
    }
  return {
    declared: {
      entries: Number(node.NumberOfEntries ?? 0),
      debit: centsOf(node.TotalDebit),
      credit: centsOf(node.TotalCredit),
    },
    recomputed: { entries, debit, credit },
    movements,
  };
}
