import { vatRateOf } from '@fluxo/domain/billing/vat';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type SaftLedgerChart,
  type SaftLedgerScope,
  type SaftPartyRow,
  type SaftTransaction,
  saftLedgerControlTotals,
  saftLedgerJournals,
  saftLedgerTransactionPages,
} from '../accounting/index.ts';
import { el, fit, money } from './xml-text.ts';

// The accounting part of a SAF-T file (TaxAccountingBasis C, and I with the billing part): the chart
// as GeneralLedgerAccounts, the suppliers, and the journal as GeneralLedgerEntries, after Portaria
// 302/2016 (sections 2.1 and 3) and the SAF-T (PT) 1.04_01 and (AO) 1.01_01 schemas.

export type Dialect = 'PT' | 'AO';

export interface SaftAccount {
  code: string;
  name: string;
  category: string;
  groupingCode: string | null;
  taxonomyCode: number | null;
  openingDebit: number;
  openingCredit: number;
  closingDebit: number;
  closingCredit: number;
}

/**
 * The chart as SAF-T describes it. GroupingCategory is derived from the chart's shape: a first-degree
 * account (its parent a class, or none) is GR without GroupingCode; an account with sub-accounts is
 * GA, one without is GM (as stored: GM takes entries), each with its parent as GroupingCode. In a PT
 * file the classes (one digit) are not accounts — AccountID has at least two characters, and the
 * Portaria's "conta do 1.º grau" is the two-digit account — while a PGC (AO) file lists them as GR.
 * A GM account of a PT file carries the Portaria's TaxonomyCode: its own or, for a sub-account the
 * organization created, its nearest ancestor's. Balances: a movement account's net balance on its side;
 * an aggregating account the sum of its sub-accounts' debit balances and of their credit balances.
 */
export function saftAccounts(dialect: Dialect, chart: SaftLedgerChart): SaftAccount[] {
  const all = new Map(chart.accounts.map((account) => [account.code, account]));
  const kept = chart.accounts.filter((account) => dialect === 'AO' || account.code.length >= 2);
  const keptCodes = new Set(kept.map((account) => account.code));
  const parentOf = (code: string): string | null => {
    const parent = all.get(code)?.parentCode ?? null;
    return parent && keptCodes.has(parent) ? parent : null;
  };
  const children = new Map<string, string[]>();
  for (const account of kept) {
    const parent = parentOf(account.code);
    if (parent) children.set(parent, [...(children.get(parent) ?? []), account.code]);
  }
  const sides = new Map<string, { od: number; oc: number; cd: number; cc: number }>();
  const sidesOf = (code: string, depth = 0): { od: number; oc: number; cd: number; cc: number } => {
    const known = sides.get(code);
    if (known) return known;
    const own = all.get(code);
    const opening = own?.opening ?? 0;
    const closing = own?.closing ?? 0;
    const result = {
      od: Math.max(opening, 0),
      oc: Math.max(-opening, 0),
      cd: Math.max(closing, 0),
      cc: Math.max(-closing, 0),
    };
    if (depth < 64)
      for (const child of children.get(code) ?? []) {
        const sub = sidesOf(child, depth + 1);
        result.od += sub.od;
        result.oc += sub.oc;
        result.cd += sub.cd;
        result.cc += sub.cc;
      }
    sides.set(code, result);
    return result;
  };
  const taxonomyOf = (code: string): number | null => {
    let current: string | null = code;
    for (let depth = 0; current && depth < 64; depth++) {
      const account = all.get(current);
      if (account?.taxonomyCode) return account.taxonomyCode;
      current = account?.parentCode ?? null;
    }
    return null;
  };
  const missing: string[] = [];
  const accounts = kept.map((account) => {
    const analytic = account.groupingCategory.startsWith('A');
    const parent = parentOf(account.code);
    const level = !parent
      ? 'R'
      : children.has(account.code)
        ? 'A'
        : account.groupingCategory === 'GM' || account.groupingCategory === 'AM'
          ? 'M'
          : 'A';
    const category = `${analytic ? 'A' : 'G'}${level}`;
    const taxonomyCode = dialect === 'PT' && category === 'GM' ? taxonomyOf(account.code) : null;
    if (dialect === 'PT' && category === 'GM' && taxonomyCode === null) missing.push(account.code);
    const balance = sidesOf(account.code);
    return {
      code: account.code,
      name: account.name,
      category,
      groupingCode: parent,
      taxonomyCode,
      openingDebit: balance.od,
      openingCredit: balance.oc,
      closingDebit: balance.cd,
      closingCredit: balance.cc,
    };
  });
  if (missing.length)
    throw new AppError(
      'SAFT_TAXONOMY_MISSING',
      `Movement accounts without a SAF-T taxonomy code: ${missing.slice(0, 20).join(', ')}.`,
      missing.slice(0, 20).map((code) => ({
        path: code,
        messageKey: 'ERRORS.SAFT_TAXONOMY_MISSING',
        message: code,
      })),
    );
  return accounts;
}

export function generalLedgerAccountsXml(
  dialect: Dialect,
  taxonomyReference: string,
  accounts: readonly SaftAccount[],
): string[] {
  const pieces = [
    '<GeneralLedgerAccounts>',
    dialect === 'PT' ? el('TaxonomyReference', taxonomyReference) : '',
  ];
  for (const account of accounts)
    pieces.push(
      [
        '<Account>',
        el('AccountID', account.code),
        el('AccountDescription', fit(account.name, 100)),
        el('OpeningDebitBalance', money(account.openingDebit)),
        el('OpeningCreditBalance', money(account.openingCredit)),
        el('ClosingDebitBalance', money(account.closingDebit)),
        el('ClosingCreditBalance', money(account.closingCredit)),
        el('GroupingCategory', account.category),
        account.groupingCode ? el('GroupingCode', account.groupingCode) : '',
        account.taxonomyCode !== null ? el('TaxonomyCode', account.taxonomyCode) : '',
        '</Account>\n',
      ].join(''),
    );
  pieces.push('</GeneralLedgerAccounts>\n');
  return pieces;
}

/** CustomerID / SupplierID (≤ 30 characters): the party's uuid in base64url, stable across files. */
export function saftPartyId(partyId: string): string {
  return Buffer.from(partyId.replaceAll('-', ''), 'hex').toString('base64url');
}

export function supplierXml(party: SaftPartyRow, fallbackCountry: string): string {
  return [
    '<Supplier>',
    el('SupplierID', saftPartyId(party.id)),
    el('AccountID', party.account_code ?? 'Desconhecido'),
    el('SupplierTaxID', fit(party.tax_id, 30, '999999990')),
    el('CompanyName', fit(party.name, 100)),
    '<BillingAddress>',
    el('AddressDetail', fit(party.address, 210)),
    el('City', fit(party.city, 50)),
    el('PostalCode', fit(party.postal_code, 20)),
    el('Country', /^[A-Z]{2}$/.test(party.country) ? party.country : fallbackCountry),
    '</BillingAddress>',
    party.phone?.trim() ? el('Telephone', fit(party.phone, 20)) : '',
    party.email?.trim() ? el('Email', fit(party.email, 254)) : '',
    el('SelfBillingIndicator', 0),
    '</Supplier>\n',
  ].join('');
}

/** The SAF-T TaxCode of a VAT rate found on journal lines: the region's code with that rate, else OUT. */
export function ledgerTaxCode(region: string, basisPoints: number, date: string): string {
  if (basisPoints === 0) return 'ISE';
  for (const code of ['NOR', 'INT', 'RED'] as const)
    if (vatRateOf(region, code, date) === basisPoints) return code;
  return 'OUT';
}

function transactionXml(journalCode: string, { entry, lines }: SaftTransaction): string {
  const archival = `${entry.period}/${entry.number}`;
  const source = fit(entry.creator, 30, 'Fluxo');
  const line = (kind: 'Debit' | 'Credit', item: SaftTransaction['lines'][number]) =>
    [
      `<${kind}Line>`,
      el('RecordID', item.position + 1),
      el('AccountID', item.account_code),
      item.source_document_number?.trim() ? el('SourceDocumentID', fit(item.source_document_number, 60)) : '',
      el('SystemEntryDate', entry.system_entry),
      el('Description', fit(item.description ?? entry.description, 200, 'Lançamento')),
      el(`${kind}Amount`, money(kind === 'Debit' ? item.debit : item.credit)),
      `</${kind}Line>`,
    ].join('');
  return [
    '<Transaction>',
    el('TransactionID', `${entry.entry_date} ${journalCode} ${archival}`),
    el('Period', entry.period),
    el('TransactionDate', entry.entry_date),
    el('SourceID', source),
    el('Description', fit(entry.description, 200, 'Lançamento')),
    el('DocArchivalNumber', archival),
    el('TransactionType', entry.transaction_type),
    el('GLPostingDate', entry.entry_date),
    entry.party_id
      ? el(entry.party_role === 'S' ? 'SupplierID' : 'CustomerID', saftPartyId(entry.party_id))
      : '',
    '<Lines>',
    // Debit lines first, then credit lines: the AO schema's order, and one the PT schema's xs:all takes.
    lines
      .filter((item) => item.debit > 0)
      .map((item) => line('Debit', item))
      .join(''),
    lines
      .filter((item) => item.debit <= 0)
      .map((item) => line('Credit', item))
      .join(''),
    '</Lines>',
    '</Transaction>\n',
  ].join('');
}

/** GeneralLedgerEntries: control totals from the database, then each journal's transactions in pages. */
export async function* generalLedgerEntriesXml(
  db: Db,
  scope: SaftLedgerScope,
  chart: SaftLedgerChart['chart'],
  pageSize: number,
): AsyncGenerator<string | string[]> {
  const totals = await saftLedgerControlTotals(db, scope);
  yield `<GeneralLedgerEntries>${el('NumberOfEntries', totals.entries)}${el('TotalDebit', money(totals.debit))}${el('TotalCredit', money(totals.credit))}\n`;
  for (const journal of await saftLedgerJournals(db, scope)) {
    yield `<Journal>${el('JournalID', fit(journal.code, 30).replace(/\s/g, '_'))}${el('Description', fit(journal.name, 200))}\n`;
    const code = fit(journal.code, 30).replace(/\s/g, '_');
    for await (const page of saftLedgerTransactionPages(db, scope, chart, journal.id, pageSize))
      yield page.map((transaction) => transactionXml(code, transaction));
    yield '</Journal>\n';
  }
  yield '</GeneralLedgerEntries>\n';
}
