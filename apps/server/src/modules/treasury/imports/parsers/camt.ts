import type { ParsedStatement, StatementEntry } from '@fluxo/domain';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { decimalToMinor, minorDigits } from './amount.ts';
import { parseIsoDateText } from './dates.ts';
import { Rejections, rejectFile } from './rejection.ts';
import { cleanText, detached, normaliseIban, stringPool } from './text.ts';

// ISO 20022 bank-to-customer statements (camt.053), reports (camt.052) and notifications (camt.054),
// read as a stream of SAX events: memory grows with the entries kept, never with the file's tree.
// A statement never needs a DTD, so any DOCTYPE or ENTITY declaration refuses the file before the parser
// could expand or fetch anything (external entities, billion laughs).

export type CamtFormat = 'camt053' | 'camt052' | 'camt054';

export interface StreamOptions {
  /** Stop after this many entries (preview). */
  limit?: number;
  /** Called with the bytes read so far. */
  onProgress?: (bytesRead: number) => void;
}

const MAX_DEPTH = 64;
const MAX_TEXT = 10_000;
const FORBIDDEN_DECLARATIONS = ['<!DOCTYPE', '<!ENTITY'];

interface BalanceDraft {
  type: string | null;
  amount: string | null;
  currency: string | null;
  sign: string | null;
  date: string | null;
}

interface EntryDraft {
  line: number;
  amount: string | null;
  currency: string | null;
  sign: string | null;
  status: string | null;
  bookingDate: string | null;
  valueDate: string | null;
  bankReference: string | null;
  additionalEntryInfo: string | null;
  transactions: number;
  endToEndId: string | null;
  txBankReference: string | null;
  debtorName: string | null;
  creditorName: string | null;
  debtorIban: string | null;
  creditorIban: string | null;
  unstructured: string[];
  additionalTxInfo: string | null;
}

const newEntry = (line: number): EntryDraft => ({
  line,
  amount: null,
  currency: null,
  sign: null,
  status: null,
  bookingDate: null,
  valueDate: null,
  bankReference: null,
  additionalEntryInfo: null,
  transactions: 0,
  endToEndId: null,
  txBankReference: null,
  debtorName: null,
  creditorName: null,
  debtorIban: null,
  creditorIban: null,
  unstructured: [],
  additionalTxInfo: null,
});

const STATEMENT_ELEMENTS = new Set(['Stmt', 'Rpt', 'Ntfctn']);
const OPENING_TYPES = new Set(['OPBD', 'PRCD']);
const CLOSING_TYPES = new Set(['CLBD', 'ITBD']);

class StopReading extends Error {}

const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

/** Reads a CAMT.05x statement from its bytes (chunks of the file). */
export async function parseCamt(
  chunks: AsyncIterable<Buffer | Uint8Array>,
  format: CamtFormat,
  options: StreamOptions = {},
): Promise<ParsedStatement> {
  const rejections = new Rejections();
  const entries: StatementEntry[] = [];
  const shared = stringPool();
  const stack: string[] = [];
  let text = '';
  let accountIban: string | null = null;
  let accountCurrency: string | null = null;
  let openingBalance: ParsedStatement['openingBalance'] = null;
  let closingBalance: ParsedStatement['closingBalance'] = null;
  let balance: BalanceDraft | null = null;
  let entry: EntryDraft | null = null;
  let statementIndex = 0;
  let party: string | null = null;

  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  parser.on('doctype', () => {
    throw rejectFile('DTD_FORBIDDEN', 'The file declares a DTD or entities, which a statement never needs.');
  });
  parser.on('error', (error) => {
    throw rejectFile('MALFORMED', `The XML is malformed: ${error.message}`, parser.line);
  });
  parser.on('text', (chunk) => {
    if (text.length + chunk.length > MAX_TEXT) {
      throw rejectFile('TEXT_TOO_LONG', `A text over ${MAX_TEXT} characters.`, parser.line);
    }
    text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (text.length + chunk.length > MAX_TEXT) {
      throw rejectFile('TEXT_TOO_LONG', `A text over ${MAX_TEXT} characters.`, parser.line);
    }
    text += chunk;
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    stack.push(name);
    text = '';
    if (stack.length > MAX_DEPTH) throw rejectFile('TOO_DEEP', 'The XML nests too deep.', parser.line);
    const parent = stack[stack.length - 2];
    if (STATEMENT_ELEMENTS.has(name)) statementIndex++;
    else if (name === 'Bal' && parent && STATEMENT_ELEMENTS.has(parent)) {
      balance = { type: null, amount: null, currency: null, sign: null, date: null };
    } else if (name === 'Ntry' && parent && STATEMENT_ELEMENTS.has(parent)) {
      entry = newEntry(parser.line);
    } else if (entry) {
      if (name === 'TxDtls') entry.transactions++;
      else if (parent === 'RltdPties') party = name;
      else if (name === 'Amt' && parent === 'Ntry') {
        const currency = tag.attributes.Ccy;
        entry.currency = typeof currency === 'string' ? currency.trim().toUpperCase() : null;
      }
    } else if (balance && name === 'Amt' && parent === 'Bal') {
      const currency = tag.attributes.Ccy;
      balance.currency = typeof currency === 'string' ? currency.trim().toUpperCase() : null;
    }
  });
  parser.on('closetag', () => {
    const name = stack[stack.length - 1] as string;
    const parent = stack[stack.length - 2];
    const grand = stack[stack.length - 3];
    const value = text.trim();
    if (entry) {
      if (name === 'Ntry') {
        finishEntry(entry);
        entry = null;
      } else if (parent === 'Ntry') {
        if (name === 'Amt') entry.amount = value;
        else if (name === 'CdtDbtInd') entry.sign = value;
        else if (name === 'AcctSvcrRef') entry.bankReference = value ? detached(value) : null;
        else if (name === 'AddtlNtryInf') entry.additionalEntryInfo = cleanText(value);
        else if (name === 'Sts' && value) entry.status = value;
      } else if (name === 'Cd' && parent === 'Sts' && grand === 'Ntry') entry.status = value;
      else if ((name === 'Dt' || name === 'DtTm') && grand === 'Ntry') {
        if (parent === 'BookgDt') entry.bookingDate = value;
        else if (parent === 'ValDt') entry.valueDate = value;
      } else if (entry.transactions === 1) readTransactionDetail(entry, name, parent, grand, value);
      if (party === name && parent === 'RltdPties') party = null;
    } else if (balance) {
      if (name === 'Bal') {
        finishBalance(balance);
        balance = null;
      } else if (name === 'Cd' && parent === 'CdOrPrtry') balance.type = value;
      else if (name === 'Amt' && parent === 'Bal') balance.amount = value;
      else if (name === 'CdtDbtInd' && parent === 'Bal') balance.sign = value;
      else if ((name === 'Dt' || name === 'DtTm') && parent === 'Dt' && grand === 'Bal') balance.date = value;
    } else if (parent === 'Id' && name === 'IBAN' && grand === 'Acct' && isStatementLevel(stack.length - 4)) {
      const iban = normaliseIban(value);
      if (statementIndex > 1 && accountIban && iban !== accountIban) {
        rejections.add(parser.line, 'ACCOUNT_MISMATCH', `This file holds statements of several accounts.`);
      }
      accountIban ??= iban;
    } else if (name === 'Ccy' && parent === 'Acct' && isStatementLevel(stack.length - 3)) {
      accountCurrency ??= value.toUpperCase();
    }
    stack.pop();
    text = '';
  });

  const isStatementLevel = (index: number) => {
    const element = stack[index];
    return element !== undefined && STATEMENT_ELEMENTS.has(element);
  };

  function readTransactionDetail(
    draft: EntryDraft,
    name: string,
    parent: string | undefined,
    grand: string | undefined,
    value: string,
  ): void {
    if (parent === 'Refs') {
      if (name === 'EndToEndId' && value && value !== 'NOTPROVIDED') draft.endToEndId = detached(value);
      else if (name === 'AcctSvcrRef' && value) draft.txBankReference = detached(value);
    } else if (name === 'Ustrd' && parent === 'RmtInf') {
      if (value) draft.unstructured.push(value);
    } else if (name === 'Ref' && parent === 'CdtrRefInf') {
      if (value) draft.unstructured.push(value);
    } else if (name === 'AddtlTxInf' && parent === 'TxDtls') {
      draft.additionalTxInfo = cleanText(value);
    } else if (party && name === 'Nm' && (parent === party || (parent === 'Pty' && grand === party))) {
      if (party === 'Dbtr') draft.debtorName = cleanText(value);
      else if (party === 'Cdtr') draft.creditorName = cleanText(value);
    } else if (party && name === 'IBAN' && parent === 'Id') {
      if (party === 'DbtrAcct') draft.debtorIban = normaliseIban(value);
      else if (party === 'CdtrAcct') draft.creditorIban = normaliseIban(value);
    }
  }

  function finishBalance(draft: BalanceDraft): void {
    if (!draft.type || !(OPENING_TYPES.has(draft.type) || CLOSING_TYPES.has(draft.type))) return;
    const line = parser.line;
    const digits = minorDigits(draft.currency ?? accountCurrency ?? '');
    const date = draft.date ? parseIsoDateText(draft.date) : null;
    if (digits === null) {
      rejections.add(line, 'UNKNOWN_CURRENCY', `Unknown balance currency "${draft.currency ?? ''}".`);
      return;
    }
    const amount = draft.amount ? decimalToMinor(draft.amount, digits) : null;
    if (!amount?.ok) {
      rejections.add(line, 'INVALID_AMOUNT', `Balance amount "${draft.amount ?? ''}" is not a valid amount.`);
      return;
    }
    if (!date) {
      rejections.add(line, 'INVALID_DATE', `Balance date "${draft.date ?? ''}" is not a valid date.`);
      return;
    }
    accountCurrency ??= draft.currency;
    const signed = draft.sign === 'DBIT' ? -amount.value : amount.value;
    // The first statement's opening and the last statement's closing bound the whole file.
    if (OPENING_TYPES.has(draft.type)) openingBalance ??= { amount: signed, date };
    else if (draft.type === 'CLBD' || !closingBalance || closingBalance.date <= date) {
      closingBalance = { amount: signed, date };
    }
  }

  function finishEntry(draft: EntryDraft): void {
    if (draft.status === 'PDNG' || draft.status === 'INFO') return;
    const line = draft.line;
    const currency = draft.currency ?? accountCurrency;
    const digits = currency ? minorDigits(currency) : null;
    if (digits === null) {
      rejections.add(line, 'UNKNOWN_CURRENCY', `Unknown currency "${currency ?? ''}".`);
      return;
    }
    if (!draft.amount) {
      rejections.add(line, 'MISSING_AMOUNT', 'The entry has no amount.');
      return;
    }
    const amount = decimalToMinor(draft.amount, digits);
    if (!amount.ok) {
      rejections.add(
        line,
        amount.reason === 'too_large' ? 'AMOUNT_TOO_LARGE' : 'INVALID_AMOUNT',
        `"${draft.amount}" is not a valid ${currency} amount.`,
      );
      return;
    }
    if (draft.sign !== 'CRDT' && draft.sign !== 'DBIT') {
      rejections.add(line, 'INVALID_AMOUNT', `CdtDbtInd "${draft.sign ?? ''}" is neither CRDT nor DBIT.`);
      return;
    }
    if (!draft.bookingDate) {
      rejections.add(line, 'MISSING_DATE', 'The entry has no booking date.');
      return;
    }
    const bookingDate = parseIsoDateText(draft.bookingDate);
    if (!bookingDate) {
      rejections.add(line, 'INVALID_DATE', `Booking date "${draft.bookingDate}" is not a valid date.`);
      return;
    }
    const valueDate = draft.valueDate ? parseIsoDateText(draft.valueDate) : null;
    if (draft.valueDate && !valueDate) {
      rejections.add(line, 'INVALID_DATE', `Value date "${draft.valueDate}" is not a valid date.`);
      return;
    }
    const credit = draft.sign === 'CRDT';
    // The other side: who paid us on a credit, whom we paid on a debit.
    const counterpartyName = credit ? draft.debtorName : draft.creditorName;
    const counterpartyIban = credit ? draft.debtorIban : draft.creditorIban;
    const remittanceInfo = draft.unstructured.length > 0 ? cleanText(draft.unstructured.join(' ')) : null;
    entries.push({
      line,
      bookingDate: shared(bookingDate),
      valueDate: shared(valueDate),
      amount: credit ? amount.value : -amount.value,
      currency: shared(currency),
      description: shared(
        draft.additionalEntryInfo ?? remittanceInfo ?? draft.additionalTxInfo ?? counterpartyName ?? '',
      ),
      counterpartyName: shared(counterpartyName),
      counterpartyIban: shared(counterpartyIban),
      remittanceInfo,
      endToEndId: draft.endToEndId,
      bankReference: draft.bankReference ?? draft.txBankReference,
      providerTransactionId: null,
      balanceAfter: null,
    });
    if (options.limit !== undefined && entries.length >= options.limit) throw new StopReading();
  }

  const decoder = new TextDecoder('utf-8');
  let bytesRead = 0;
  let tail = '';
  try {
    for await (const chunk of chunks) {
      bytesRead += chunk.byteLength;
      const decoded = decoder.decode(chunk, { stream: true });
      // Checked on the raw text (with the end of the previous chunk) before the parser sees it.
      const window = tail + decoded;
      for (const declaration of FORBIDDEN_DECLARATIONS) {
        if (window.includes(declaration)) {
          throw rejectFile(
            'DTD_FORBIDDEN',
            'The file declares a DTD or entities, which a statement never needs.',
          );
        }
      }
      tail = decoded.slice(-16);
      parser.write(decoded);
      options.onProgress?.(bytesRead);
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (!(error instanceof StopReading)) throw error;
  }
  rejections.throwIfAny();
  return {
    format,
    accountIban,
    currency: accountCurrency,
    openingBalance,
    closingBalance,
    entries,
  };
}
