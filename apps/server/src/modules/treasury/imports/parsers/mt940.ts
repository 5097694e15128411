import type { ParsedStatement, StatementEntry } from '@fluxo/domain';
import iconv from 'iconv-lite';
import { decimalToMinor, minorDigits } from './amount.ts';
import { isoDate } from './dates.ts';
import { Rejections, rejectFile } from './rejection.ts';
import { cleanText, isValidIban, normaliseIban } from './text.ts';

// SWIFT MT940 customer statements. A field starts with :TAG: at the beginning of a line and runs until the
// next one; :61: is a movement and the :86: after it says what it was (Portuguese banks put the
// counterparty and description there as free text; some banks use ?20… or /NAME/… sub-fields).
// Written here rather than taken from npm: the kept parsers do not give the line of a bad field.

interface Field {
  tag: string;
  line: number;
  lines: string[];
}

const MAX_LINE = 10_000;

function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, 'windows-1252');
  }
}

/** YYMMDD → YYYY-MM-DD (years 80–99 are 19YY). */
function shortDate(text: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!match) return null;
  const year = Number(match[1]);
  return isoDate(year >= 80 ? 1900 + year : 2000 + year, Number(match[2]), Number(match[3]));
}

function splitFields(source: string): Field[] {
  const fields: Field[] = [];
  let current: Field | null = null;
  const lines = source.split(/\r\n|\n|\r/);
  for (const [index, rawLine] of lines.entries()) {
    if (rawLine.length > MAX_LINE) throw rejectFile('TEXT_TOO_LONG', 'A line is too long.', index + 1);
    // Block wrappers of a SWIFT FIN message ({1:…}{2:…}{4:) and its end (-}) carry no statement data.
    const line = rawLine.replace(/^\{1:[^}]*\}(\{2:[^}]*\})?(\{3:(\{[^}]*\})*\})?\{4:\s*/, '');
    if (/^-\}?\s*$/.test(line) || /^\{5:/.test(line)) {
      current = null;
      continue;
    }
    const tag = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tag) {
      current = { tag: tag[1] as string, line: index + 1, lines: [tag[2] as string] };
      fields.push(current);
    } else if (current) current.lines.push(line);
  }
  return fields;
}

/** :86: contents → description, counterparty and remittance, whichever layout the bank used. */
function readInformation(lines: string[]): {
  description: string | null;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  remittanceInfo: string | null;
  endToEndId: string | null;
} {
  const joined = lines.join('');
  // German-style ?NN sub-fields: ?20–?29 and ?60–?63 purpose, ?32–?33 name, ?31 account.
  if (/^\d{3}\?/.test(joined)) {
    const parts = new Map<number, string>();
    for (const match of joined.matchAll(/\?(\d{2})([^?]*)/g)) {
      const key = Number(match[1]);
      parts.set(key, `${parts.get(key) ?? ''}${match[2]}`);
    }
    const pick = (from: number, to: number) =>
      cleanText(
        [...parts.entries()]
          .filter(([key]) => key >= from && key <= to)
          .map(([, value]) => value)
          .join(' '),
      );
    const purpose = cleanText([pick(20, 29), pick(60, 63)].filter(Boolean).join(' '));
    const name = pick(32, 33);
    const account = normaliseIban(parts.get(31));
    return {
      description: purpose ?? pick(0, 0) ?? name,
      counterpartyName: name,
      counterpartyIban: account && isValidIban(account) ? account : null,
      remittanceInfo: purpose,
      endToEndId: null,
    };
  }
  // SWIFT-style /CODE/value/ sub-fields (NAME, IBAN, REMI, EREF).
  if (/^\/[A-Z]{3,4}\//.test(joined)) {
    const codes = new Map<string, string>();
    for (const match of joined.matchAll(/\/([A-Z]{3,4})\/([^/]*(?:\/(?![A-Z]{3,4}\/)[^/]*)*)/g)) {
      codes.set(match[1] as string, (match[2] as string).trim().replace(/\/$/, ''));
    }
    const remittance = cleanText(codes.get('REMI')?.replace(/^USTD\/\/?/, '') ?? null);
    const iban = normaliseIban(codes.get('IBAN'));
    const eref = cleanText(codes.get('EREF'));
    return {
      description: remittance ?? cleanText(codes.get('NAME')) ?? cleanText(joined),
      counterpartyName: cleanText(codes.get('NAME')),
      counterpartyIban: iban && isValidIban(iban) ? iban : null,
      remittanceInfo: remittance,
      endToEndId: eref && eref !== 'NOTPROVIDED' ? eref : null,
    };
  }
  // Banks wrap :86: at 65 characters, mid-word when the line is full.
  const text = cleanText(
    lines.reduce((joined, line, index) => {
      if (index === 0) return line;
      return (lines[index - 1] as string).length >= 65 ? `${joined}${line}` : `${joined} ${line}`;
    }, ''),
  );
  // Free text: the name is what a Portuguese bank writes after "TRF DE"/"TRF P/"/"TRANSF".
  const name = text ? /^(?:TRF|TRANSF\w*)\.?\s+(?:DE|P\/|PARA|A FAVOR DE)\s+(.+)$/i.exec(text)?.[1] : null;
  const iban = text
    ? /\b([A-Z]{2}\d{2}[A-Z0-9]{11,30})\b/.exec(text.replace(/\s(?=\d{4}\b)/g, ''))?.[1]
    : null;
  return {
    description: text,
    counterpartyName: cleanText(name ?? null),
    counterpartyIban: iban && isValidIban(iban) ? iban : null,
    remittanceInfo: null,
    endToEndId: null,
  };
}

const STATEMENT_LINE =
  /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d{1,15},\d{0,3})([NSF][A-Z0-9]{3})([^/]*?)(?:\/\/(.*))?$/;

export function parseMt940(bytes: Buffer, options: { limit?: number } = {}): ParsedStatement {
  const fields = splitFields(decodeText(bytes));
  if (!fields.some((field) => field.tag === '61' || field.tag.startsWith('60'))) {
    throw rejectFile('MALFORMED', 'No :60F: or :61: field: this is not an MT940 statement.');
  }
  const rejections = new Rejections();
  const entries: StatementEntry[] = [];
  let accountIban: string | null = null;
  let currency: string | null = null;
  let openingBalance: ParsedStatement['openingBalance'] = null;
  let closingBalance: ParsedStatement['closingBalance'] = null;

  const balance = (field: Field): { amount: number; date: string } | null => {
    const match = /^([CD])(\d{6})([A-Z]{3})(\d{1,15},\d{0,3})/.exec(field.lines[0]?.trim() ?? '');
    if (!match) {
      rejections.add(
        field.line,
        'MALFORMED',
        `Balance field :${field.tag}: is not C/D, date, currency, amount.`,
      );
      return null;
    }
    const date = shortDate(match[2] as string);
    const code = match[3] as string;
    const digits = minorDigits(code);
    if (digits === null) {
      rejections.add(field.line, 'UNKNOWN_CURRENCY', `Unknown currency "${code}".`);
      return null;
    }
    const amount = decimalToMinor(match[4] as string, digits);
    if (!date) {
      rejections.add(field.line, 'INVALID_DATE', `"${match[2]}" is not a valid date.`);
      return null;
    }
    if (!amount.ok) {
      rejections.add(field.line, 'INVALID_AMOUNT', `"${match[4]}" is not a valid amount.`);
      return null;
    }
    if (currency && code !== currency) {
      rejections.add(field.line, 'CURRENCY_MISMATCH', `The file mixes ${currency} and ${code}.`);
    }
    currency ??= code;
    return { amount: match[1] === 'D' ? -amount.value : amount.value, date };
  };

  for (let index = 0; index < fields.length; index++) {
    const field = fields[index] as Field;
    if (field.tag === '25') {
      const raw = field.lines.join('').trim();
      const iban = normaliseIban(raw.split('/').pop());
      if (iban && isValidIban(iban)) {
        if (accountIban && accountIban !== iban) {
          rejections.add(field.line, 'ACCOUNT_MISMATCH', 'This file holds statements of several accounts.');
        }
        accountIban ??= iban;
      }
    } else if (field.tag === '60F' || field.tag === '60M') {
      const value = balance(field);
      if (value) openingBalance ??= value;
    } else if (field.tag === '62F' || field.tag === '62M') {
      const value = balance(field);
      if (value) closingBalance = value;
    } else if (field.tag === '61') {
      if (options.limit !== undefined && entries.length >= options.limit) break;
      const next = fields[index + 1];
      const information = next?.tag === '86' ? next.lines : [];
      readStatementLine(field, information);
    }
  }

  function readStatementLine(field: Field, information: string[]): void {
    const first = (field.lines[0] ?? '').trim();
    const match = STATEMENT_LINE.exec(first);
    if (!match) {
      rejections.add(field.line, 'MALFORMED', `":61:${first}" is not a statement line.`);
      return;
    }
    const [, valueText = '', entryText, mark = '', , amountText = '', , customerRef = '', bankRef] = match;
    const valueDate = shortDate(valueText);
    if (!valueDate) {
      rejections.add(field.line, 'INVALID_DATE', `Value date "${valueText}" is not a valid date.`);
      return;
    }
    let bookingDate = valueDate;
    if (entryText) {
      // The entry date has no year: the value date's, moved across a year end when the months say so.
      const valueYear = Number(valueDate.slice(0, 4));
      const valueMonth = Number(valueDate.slice(5, 7));
      const month = Number(entryText.slice(0, 2));
      const year =
        valueMonth === 12 && month === 1
          ? valueYear + 1
          : valueMonth === 1 && month === 12
            ? valueYear - 1
            : valueYear;
      const date = isoDate(year, month, Number(entryText.slice(2)));
      if (!date) {
        rejections.add(field.line, 'INVALID_DATE', `Entry date "${entryText}" is not a valid date.`);
        return;
      }
      bookingDate = date;
    }
    const digits = minorDigits(currency ?? '');
    if (digits === null) {
      rejections.add(field.line, 'UNKNOWN_CURRENCY', 'No :60F: balance before the line says the currency.');
      return;
    }
    const amount = decimalToMinor(amountText, digits);
    if (!amount.ok) {
      rejections.add(field.line, 'INVALID_AMOUNT', `"${amountText}" is not a valid amount.`);
      return;
    }
    // C credit, D debit; RC reverses a credit (money leaves), RD reverses a debit (money comes back).
    const credit = mark === 'C' || mark === 'RD';
    const info = readInformation(information);
    const reference = [bankRef, customerRef]
      .map((value) => value?.trim())
      .find((value) => value && value.toUpperCase() !== 'NONREF');
    const supplementary = cleanText(field.lines.slice(1).join(' '));
    entries.push({
      line: field.line,
      bookingDate,
      valueDate,
      amount: credit ? amount.value : -amount.value,
      currency,
      description: info.description ?? supplementary ?? '',
      counterpartyName: info.counterpartyName,
      counterpartyIban: info.counterpartyIban,
      remittanceInfo: info.remittanceInfo,
      endToEndId: info.endToEndId,
      bankReference: reference ?? null,
      providerTransactionId: null,
      balanceAfter: null,
    });
  }

  rejections.throwIfAny();
  return { format: 'mt940', accountIban, currency, openingBalance, closingBalance, entries };
}
