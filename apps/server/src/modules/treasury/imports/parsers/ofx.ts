import type { ParsedStatement, StatementEntry } from '@fluxo/domain';
import iconv from 'iconv-lite';
import { decimalToMinor, minorDigits } from './amount.ts';
import { parseCompactDate } from './dates.ts';
import { Rejections, rejectFile } from './rejection.ts';
import { cleanText, isValidIban, normaliseIban } from './text.ts';

// OFX/QFX statements, both the SGML 1.x dialect (leaf elements left unclosed) and XML 2.x. One tokenizer
// reads both: an element with text is a leaf, an element without text opens an aggregate. None of the
// kept OFX packages on npm reports line numbers or refuses a DTD, which the all-or-nothing import needs.

const MAX_TEXT = 10_000;
const MAX_DEPTH = 64;

interface TransactionDraft {
  line: number;
  fields: Map<string, string>;
}

/** The file's text: OFX 1.x says its charset in the header, 2.x in the XML declaration; else UTF-8, else 1252. */
function decodeOfx(bytes: Buffer): string {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const charset = /CHARSET:\s*(\S+)/i.exec(head)?.[1] ?? /encoding="([^"]+)"/i.exec(head)?.[1];
  if (charset && /1252|latin|8859/i.test(charset)) return iconv.decode(bytes, 'windows-1252');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function parseOfx(bytes: Buffer, options: { limit?: number } = {}): ParsedStatement {
  const source = decodeOfx(bytes);
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) {
    throw rejectFile('DTD_FORBIDDEN', 'The file declares a DTD or entities, which a statement never needs.');
  }
  const start = source.search(/<OFX>/i);
  if (start === -1) throw rejectFile('MALFORMED', 'No <OFX> element in the file.');
  const rejections = new Rejections();
  const entries: StatementEntry[] = [];
  const stack: string[] = [];
  let currency: string | null = null;
  let accountId: string | null = null;
  let closing: { amount: string; date: string; line: number } | null = null;
  let balanceDraft: { amount?: string; date?: string; line: number } | null = null;
  let transaction: TransactionDraft | null = null;

  // Line numbers follow the tokens as they advance through the text.
  let line = 1;
  let counted = 0;
  const lineAt = (index: number) => {
    for (let i = counted; i < index; i++) if (source.charCodeAt(i) === 10) line++;
    counted = Math.max(counted, index);
    return line;
  };
  lineAt(start);

  const tokens = /<(\/?)([A-Za-z][A-Za-z0-9._]*)[^>]*>([^<]*)/g;
  tokens.lastIndex = start;
  for (let match = tokens.exec(source); match; match = tokens.exec(source)) {
    const [, closingSlash, rawName = '', rawText = ''] = match;
    const name = rawName.toUpperCase();
    const here = lineAt(match.index);
    if (closingSlash) {
      const at = stack.lastIndexOf(name);
      if (at === -1) continue;
      for (const closed of stack.splice(at)) {
        if (closed === 'STMTTRN' && transaction) {
          finishTransaction(transaction);
          transaction = null;
        } else if (closed === 'LEDGERBAL' && balanceDraft) {
          if (balanceDraft.amount && balanceDraft.date) {
            closing = { amount: balanceDraft.amount, date: balanceDraft.date, line: balanceDraft.line };
          }
          balanceDraft = null;
        }
      }
      if (options.limit !== undefined && entries.length >= options.limit) break;
      continue;
    }
    if (rawText.length > MAX_TEXT)
      throw rejectFile('TEXT_TOO_LONG', `A text over ${MAX_TEXT} characters.`, here);
    const value = decodeEntities(rawText).trim();
    if (value === '') {
      // An aggregate opens. SGML leaves the previous transaction open when the next one starts.
      if (name === 'STMTTRN' && transaction) {
        const at = stack.lastIndexOf('STMTTRN');
        if (at !== -1) stack.splice(at);
        finishTransaction(transaction);
      }
      stack.push(name);
      if (stack.length > MAX_DEPTH) throw rejectFile('TOO_DEEP', 'The OFX nests too deep.', here);
      if (name === 'STMTTRN') transaction = { line: here, fields: new Map() };
      else if (name === 'LEDGERBAL') balanceDraft = { line: here };
      continue;
    }
    // A leaf: in SGML it may stay unclosed; its closing tag, when there is one, is skipped above.
    const parent = stack[stack.length - 1];
    if (transaction && stack.includes('STMTTRN')) transaction.fields.set(name, value);
    else if (balanceDraft && parent === 'LEDGERBAL') {
      if (name === 'BALAMT') balanceDraft.amount = value;
      else if (name === 'DTASOF') balanceDraft.date = value;
    } else if (name === 'CURDEF') currency ??= value.toUpperCase();
    else if (name === 'ACCTID' && (parent === 'BANKACCTFROM' || parent === 'CCACCTFROM')) accountId ??= value;
  }
  if (transaction && (options.limit === undefined || entries.length < options.limit))
    finishTransaction(transaction);

  function finishTransaction(draft: TransactionDraft): void {
    const fields = draft.fields;
    const digits = minorDigits(fields.get('CURRENCY') ?? currency ?? '');
    if (digits === null) {
      rejections.add(draft.line, 'UNKNOWN_CURRENCY', `Unknown currency "${currency ?? ''}".`);
      return;
    }
    const rawAmount = fields.get('TRNAMT');
    if (!rawAmount) {
      rejections.add(draft.line, 'MISSING_AMOUNT', 'The transaction has no TRNAMT.');
      return;
    }
    const amount = decimalToMinor(rawAmount.replace(/^\+/, ''), digits);
    if (!amount.ok) {
      rejections.add(
        draft.line,
        amount.reason === 'too_large' ? 'AMOUNT_TOO_LARGE' : 'INVALID_AMOUNT',
        `TRNAMT "${rawAmount}" is not a valid amount.`,
      );
      return;
    }
    const posted = fields.get('DTPOSTED');
    if (!posted) {
      rejections.add(draft.line, 'MISSING_DATE', 'The transaction has no DTPOSTED.');
      return;
    }
    const bookingDate = parseCompactDate(posted);
    if (!bookingDate) {
      rejections.add(draft.line, 'INVALID_DATE', `DTPOSTED "${posted}" is not a valid date.`);
      return;
    }
    const user = fields.get('DTUSER');
    const name = cleanText(fields.get('NAME'));
    const memo = cleanText(fields.get('MEMO'));
    entries.push({
      line: draft.line,
      bookingDate,
      valueDate: (user && parseCompactDate(user)) || null,
      amount: amount.value,
      currency: fields.get('CURRENCY')?.toUpperCase() ?? currency,
      description: name && memo && memo !== name ? `${name} ${memo}` : (name ?? memo ?? ''),
      counterpartyName: name,
      counterpartyIban: null,
      remittanceInfo: memo,
      endToEndId: null,
      bankReference: cleanText(fields.get('REFNUM')),
      providerTransactionId: cleanText(fields.get('FITID')),
      balanceAfter: null,
    });
  }

  let closingBalance: ParsedStatement['closingBalance'] = null;
  const ledger = closing as { amount: string; date: string; line: number } | null;
  if (ledger) {
    const digits = minorDigits(currency ?? '');
    const amount = digits === null ? null : decimalToMinor(ledger.amount.replace(/^\+/, ''), digits);
    const date = parseCompactDate(ledger.date);
    if (!amount?.ok)
      rejections.add(ledger.line, 'INVALID_AMOUNT', `BALAMT "${ledger.amount}" is not a valid amount.`);
    else if (!date)
      rejections.add(ledger.line, 'INVALID_DATE', `DTASOF "${ledger.date}" is not a valid date.`);
    else closingBalance = { amount: amount.value, date };
  }
  rejections.throwIfAny();
  const iban = normaliseIban(accountId);
  return {
    format: 'ofx',
    accountIban: iban && isValidIban(iban) ? iban : null,
    currency,
    openingBalance: null,
    closingBalance,
    entries,
  };
}
