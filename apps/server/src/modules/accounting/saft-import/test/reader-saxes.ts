import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import iconv from 'iconv-lite';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  auditFileRule,
  type ElementRule,
  SAFT_NAMESPACES,
  type SaftCountry,
  type SimpleRule,
} from '../xsd-rules.ts';

// The saxes-based reader as it was before the hand-written tokenizer (reader.ts at 10fe2a2, with the
// regular-expression simple-type checks of xsd-rules.ts then), kept only as the reference of the
// differential test (reader.property.test.ts): for the same bytes, the new reader must give the same
// result. Not used by the application.

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const INTEGER = /^[+-]?\d+$/;

/** Why a leaf's text breaks its simple type, or null when it is fine. */
function checkSimple(rule: SimpleRule, raw: string): string | null {
  const value = rule.base === 'string' || rule.base === 'other' ? raw : raw.trim();
  if (
    rule.base === 'string' &&
    rule.length === undefined &&
    rule.minLength === undefined &&
    rule.maxLength === undefined &&
    !rule.enumeration
  )
    return null;
  switch (rule.base) {
    case 'date':
      if (!DATE.test(value)) return `"${value.slice(0, 40)}" is not a date (YYYY-MM-DD)`;
      break;
    case 'dateTime':
      if (!DATE_TIME.test(value)) return `"${value.slice(0, 40)}" is not a date-time (YYYY-MM-DDThh:mm:ss)`;
      break;
    case 'decimal':
      if (!DECIMAL.test(value)) return `"${value.slice(0, 40)}" is not a decimal number`;
      break;
    case 'integer':
      if (!INTEGER.test(value)) return `"${value.slice(0, 40)}" is not an integer`;
      break;
    case 'nonNegativeInteger':
      if (!INTEGER.test(value) || value.startsWith('-'))
        return `"${value.slice(0, 40)}" is not a non-negative integer`;
      break;
    default:
      break;
  }
  // Characters, not UTF-16 units: only text with surrogate pairs needs the slower count.
  const length = /[\uD800-\uDBFF]/.test(value) ? [...value].length : value.length;
  if (rule.length !== undefined && length !== rule.length)
    return `"${value.slice(0, 40)}" must have ${rule.length} characters`;
  if (rule.minLength !== undefined && length < rule.minLength)
    return value === '' ? 'is empty' : `"${value.slice(0, 40)}" is shorter than ${rule.minLength} characters`;
  if (rule.maxLength !== undefined && length > rule.maxLength)
    return `"${value.slice(0, 40)}…" is longer than ${rule.maxLength} characters`;
  if (rule.enumeration && !rule.enumeration.has(value))
    return `"${value.slice(0, 40)}" is not one of the allowed values`;
  if (rule.minInclusive !== undefined || rule.maxInclusive !== undefined) {
    const number = Number(value);
    if (rule.minInclusive !== undefined && number < rule.minInclusive)
      return `${value} is below ${rule.minInclusive}`;
    if (rule.maxInclusive !== undefined && number > rule.maxInclusive)
      return `${value} is above ${rule.maxInclusive}`;
  }
  return null;
}

// One streaming pass over a SAF-T (PT 1.04_01 or AO 1.01_01) file: decodes Windows-1252 or UTF-8 as
// the bytes come, checks every element against the official schema's rules (xsd-rules.ts), adds up the
// control totals, verifies the invoices' signature chains when the issuer's public key is given, and
// hands each record (header, account, party, product, journal transaction, source document) to the
// caller in small batches. Memory is bounded by one record and the nesting depth: a file of any size
// is read without building its tree. Hostile XML (a DTD or entity declaration, deep nesting, huge
// texts) stops the pass at once.

interface SaftIssue {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  line?: number;
  element?: string;
  document?: string;
}

/** A record's leaf texts by path relative to it ("CompanyName", "BillingAddress/City"). */
type Fields = Map<string, string>;

type SaftRecord =
  | { kind: 'header'; fields: Fields }
  | { kind: 'account'; fields: Fields }
  | { kind: 'customer' | 'supplier' | 'product' | 'tax'; fields: Fields }
  | { kind: 'transaction'; journalId: string; journalDescription: string; fields: Fields; lines: Fields[] }
  | { kind: 'document'; section: string; fields: Fields; lines: Fields[] };

interface SectionTotals {
  declared: Record<string, string>;
  computed: Record<string, string>;
}

interface SaftReadResult {
  country: SaftCountry | null;
  auditFileVersion: string | null;
  header: Record<string, string>;
  /** Errors and warnings, the first MAX_ISSUES of them. */
  issues: SaftIssue[];
  errorCount: number;
  /** A hostile or malformed file: the pass stopped there. */
  fatal: boolean;
  counts: Record<string, number>;
  totals: Record<string, SectionTotals>;
  bytesRead: number;
}

interface ReadOptions {
  publicKey?: string | null;
  /** Called with the bytes read so far, at most every `progressBytes`. */
  onProgress?: (bytesRead: number) => void | Promise<void>;
  progressBytes?: number;
  /** Receives the records read from each chunk; awaited before the next chunk. */
  onRecords?: (records: SaftRecord[]) => Promise<void>;
  /** Stop checking the schema (the import pass: the check pass already did). */
  skipSchema?: boolean;
  /** Stop once the Header is read (what onboarding needs to create the organization): no totals, no checks. */
  headerOnly?: boolean;
}

const MAX_ISSUES = 200;
const MAX_DEPTH = 32;
const MAX_TEXT = 100_000;
const HEAD_BYTES = 64 * 1024;

class Fatal extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

const RECORD_PARENTS: Record<string, string> = {
  Header: 'AuditFile',
  Account: 'GeneralLedgerAccounts',
  Customer: 'MasterFiles',
  Supplier: 'MasterFiles',
  Product: 'MasterFiles',
  TaxTableEntry: 'TaxTable',
  Transaction: 'Journal',
};

/** Source document sections and the element of one document in each. */
const DOCUMENT_ELEMENTS: Record<string, string> = {
  SalesInvoices: 'Invoice',
  WorkingDocuments: 'WorkDocument',
  Payments: 'Payment',
  MovementOfGoods: 'StockMovement',
  PurchaseInvoices: 'Invoice',
};

const LINE_ELEMENTS = new Set(['Line', 'DebitLine', 'CreditLine']);
const TOTAL_FIELDS = new Set([
  'NumberOfEntries',
  'TotalDebit',
  'TotalCredit',
  'NumberOfMovementLines',
  'TotalQuantityIssued',
]);

/** Decimal text → integer millionths (exact; SAF-T amounts carry at most a few decimals). */
export function toMicroReference(text: string | undefined): bigint | null {
  if (text === undefined) return null;
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  const decimals = (match[3] ?? '').padEnd(6, '0');
  if (decimals.length > 6 && /[1-9]/.test(decimals.slice(6))) {
    // Beyond millionths: rounded half away from zero.
    const base = BigInt((match[2] || '0') + decimals.slice(0, 6));
    const up = Number(decimals[6]) >= 5 ? 1n : 0n;
    return match[1] === '-' ? -(base + up) : base + up;
  }
  const value = BigInt((match[2] || '0') + decimals.slice(0, 6));
  return match[1] === '-' ? -value : value;
}

/** Millionths → minor units (cents), half away from zero. */
function microToCents(micro: bigint): number {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const cents = (abs + 5_000n) / 10_000n;
  return Number(negative ? -cents : cents);
}

function formatMicro(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / 1_000_000n;
  const fraction = String(abs % 1_000_000n)
    .padStart(6, '0')
    .replace(/0+$/, '');
  const text = fraction
    ? `${whole}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`
    : `${whole}.00`;
  return negative ? `-${text}` : text;
}

function formatCents2(micro: bigint): string {
  const cents = microToCents(micro);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Which encoding the XML declaration names (Windows-1252 and Latin-1 decoded as Windows-1252). */
function detectEncoding(head: Buffer): 'utf8' | 'win1252' | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf8';
  const declaration = /^<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(
    head.subarray(0, 300).toString('latin1'),
  );
  if (!declaration) return 'utf8';
  const name = (declaration[1] as string).toLowerCase().replace(/[-_]/g, '');
  if (name === 'utf8') return 'utf8';
  if (['windows1252', 'cp1252', 'iso88591', 'latin1', 'iso885915'].includes(name)) return 'win1252';
  return null;
}

/** A DTD or entity declaration in the first bytes: refused before anything else is read. */
function hostileHead(head: Buffer): boolean {
  const text = head.subarray(0, HEAD_BYTES).toString('latin1');
  return /<!DOCTYPE|<!ENTITY/i.test(text);
}

interface Frame {
  name: string;
  /** Path relative to the record (or line) being read: "" outside one and on its own element. */
  path: string;
  rule: ElementRule | null;
  slot: number;
  count: number;
  broken: boolean;
  line: number;
}

interface RecordDraft {
  kind: string;
  element: string;
  depth: number;
  fields: Fields;
  lines: Fields[];
  line: Fields | null;
  lineDepth: number;
  section: string;
}

interface SectionState {
  name: string;
  declared: Record<string, string>;
  entries: number;
  debit: bigint;
  credit: bigint;
  quantity: bigint;
  movementLines: number;
}

const CANCELLED = new Set(['A', 'F']);

/** Reads a SAF-T file from its bytes. */
export async function readSaftReference(
  chunks: AsyncIterable<Buffer>,
  options: ReadOptions = {},
): Promise<SaftReadResult> {
  const result: SaftReadResult = {
    country: null,
    auditFileVersion: null,
    header: {},
    issues: [],
    errorCount: 0,
    fatal: false,
    counts: {},
    totals: {},
    bytesRead: 0,
  };
  const issue = (entry: SaftIssue) => {
    if (entry.severity === 'error') result.errorCount++;
    if (result.issues.length < MAX_ISSUES) result.issues.push(entry);
  };
  const count = (key: string, by = 1) => {
    result.counts[key] = (result.counts[key] ?? 0) + by;
  };

  let key: KeyObject | null = null;
  if (options.publicKey) {
    try {
      key = createPublicKey(options.publicKey);
    } catch {
      issue({
        severity: 'error',
        code: 'PUBLIC_KEY_INVALID',
        message: 'The public key is not a valid PEM key.',
      });
    }
  }
  const chains = new Map<string, string>();
  /** Movement accounts (GM) of the chart: opening and closing balance (debit − credit), the year's movements. */
  const balances = new Map<string, { opening: bigint; closing: bigint; movements: bigint }>();

  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const stack: Frame[] = [];
  const pool: Frame[] = [];
  let text = '';
  let collectText = false;
  let record: RecordDraft | null = null;
  let section: SectionState | null = null;
  let journal: { id: string; description: string } | null = null;
  let glTotals: SectionState | null = null;
  const pending: SaftRecord[] = [];
  const skipSchema = options.skipSchema === true;
  let headerRead = false;

  const schemaError = (code: string, message: string, element: string, line = parser.line) =>
    issue({ severity: 'error', code, message, line, element });

  parser.on('doctype', () => {
    throw new Fatal(
      'HOSTILE_XML',
      'The file declares a DTD or entities, which a SAF-T file never needs.',
      parser.line,
    );
  });
  parser.on('error', (error) => {
    throw new Fatal('MALFORMED_XML', `The XML is malformed: ${error.message}`, parser.line);
  });
  const onText = (chunk: string) => {
    if (!collectText) return;
    if (text.length + chunk.length > MAX_TEXT)
      throw new Fatal('HOSTILE_XML', `A text longer than ${MAX_TEXT} characters.`, parser.line);
    text += chunk;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const colon = tag.name.indexOf(':');
    const name = colon === -1 ? tag.name : tag.name.slice(colon + 1);
    const parent = stack[stack.length - 1];
    if (stack.length >= MAX_DEPTH) throw new Fatal('HOSTILE_XML', 'The XML nests too deep.', parser.line);
    let rule: ElementRule | null = null;
    if (!parent) {
      const namespace = String(tag.attributes.xmlns ?? '');
      const country = SAFT_NAMESPACES[namespace];
      if (name !== 'AuditFile' || !country)
        throw new Fatal(
          'NOT_SAFT',
          `The root element is ${name} in namespace "${namespace.slice(0, 80)}", not a SAF-T (PT) 1.04_01 or (AO) 1.01_01 AuditFile.`,
          parser.line,
        );
      result.country = country;
      rule = auditFileRule(country);
    } else if (parent.rule && !skipSchema) {
      rule = parent.rule.children.get(name) ?? null;
      if (!parent.broken && parent.rule.slots) accept(parent, name);
      else if (!rule && !parent.broken) {
        schemaError('SCHEMA_UNEXPECTED_ELEMENT', `${name} is not allowed in ${parent.name}.`, name);
        parent.broken = true;
      }
    }
    // Frames are reused by depth: no allocation per element.
    let frame = pool[stack.length];
    if (!frame) {
      frame = { name, path: '', rule, slot: 0, count: 0, broken: false, line: 0 };
      pool[stack.length] = frame;
    }
    frame.name = name;
    frame.path = record && parent ? (parent.path ? `${parent.path}/${name}` : name) : '';
    frame.rule = rule;
    frame.slot = 0;
    frame.count = 0;
    frame.broken = false;
    frame.line = parser.line;
    stack.push(frame);
    collectText = skipSchema || !rule || rule.simple !== null;
    text = '';

    // Records
    const depth = stack.length;
    const parentName = parent?.name ?? '';
    if (record) {
      if (
        LINE_ELEMENTS.has(name) &&
        !record.line &&
        (name !== 'Line' || record.kind === 'document') &&
        parentName !== 'SourceDocumentID'
      ) {
        record.line = new Map([['#', name]]);
        record.lineDepth = depth;
        frame.path = '';
      }
      return;
    }
    if (DOCUMENT_ELEMENTS[parentName] === name && section) {
      record = {
        kind: 'document',
        element: name,
        depth,
        fields: new Map(),
        lines: [],
        line: null,
        lineDepth: 0,
        section: parentName,
      };
      return;
    }
    if (RECORD_PARENTS[name] === parentName) {
      record = {
        kind: name,
        element: name,
        depth,
        fields: new Map(),
        lines: [],
        line: null,
        lineDepth: 0,
        section: '',
      };
      return;
    }
    if (name in DOCUMENT_ELEMENTS && parentName === 'SourceDocuments') section = newSection(name);
    else if (name === 'GeneralLedgerEntries') glTotals = newSection(name);
    else if (name === 'Journal') journal = { id: '', description: '' };
  });

  const newSection = (name: string): SectionState => ({
    name,
    declared: {},
    entries: 0,
    debit: 0n,
    credit: 0n,
    quantity: 0n,
    movementLines: 0,
  });

  /** Moves the parent's content model on by one child named `name`. */
  function accept(frame: Frame, name: string) {
    const slots = frame.rule?.slots as NonNullable<ElementRule['slots']>;
    if (!frame.rule?.children.has(name)) {
      frame.broken = true;
      schemaError('SCHEMA_UNEXPECTED_ELEMENT', `${name} is not allowed in ${frame.name}.`, name);
      return;
    }
    while (frame.slot < slots.length) {
      const slot = slots[frame.slot] as (typeof slots)[number];
      if (slot.names.has(name) && frame.count < slot.max) {
        frame.count++;
        return;
      }
      if (frame.count >= slot.min || slot.names.has(name)) {
        frame.slot++;
        frame.count = 0;
        continue;
      }
      frame.broken = true;
      const expected = [...slot.names].join(' or ');
      schemaError('SCHEMA_MISSING_ELEMENT', `${frame.name} lacks ${expected} before ${name}.`, expected);
      return;
    }
    frame.broken = true;
    schemaError(
      'SCHEMA_UNEXPECTED_ELEMENT',
      frame.rule?.children.has(name)
        ? `${name} is out of place in ${frame.name}.`
        : `${name} is not allowed in ${frame.name}.`,
      name,
    );
  }

  parser.on('closetag', () => {
    const frame = stack.pop() as Frame;
    const name = frame.name;
    const value = text;
    text = '';
    collectText = false;
    if (frame.rule && !skipSchema) {
      if (frame.rule.simple) {
        const problem = checkSimple(frame.rule.simple, value);
        if (problem) schemaError('SCHEMA_INVALID_VALUE', `${name} ${problem}.`, name);
      } else if (frame.rule.slots && !frame.broken) {
        const slots = frame.rule.slots;
        for (let i = frame.slot; i < slots.length; i++) {
          const slot = slots[i] as (typeof slots)[number];
          const have = i === frame.slot ? frame.count : 0;
          if (have < slot.min) {
            const missing = [...slot.names].join(' or ');
            schemaError(
              'SCHEMA_MISSING_ELEMENT',
              `${name} (from line ${frame.line}) lacks ${missing}.`,
              missing,
              frame.line,
            );
            break;
          }
        }
      }
    }
    const depth = stack.length + 1;
    const parentName = stack[stack.length - 1]?.name ?? '';
    if (record) {
      if (record.line) {
        if (depth === record.lineDepth) {
          record.lines.push(record.line);
          record.line = null;
        } else if (frame.rule?.simple || skipSchema || !frame.rule) {
          const path = frame.path;
          if (path && !record.line.has(path)) record.line.set(path, value.trim());
        }
        return;
      }
      if (depth === record.depth) {
        finishRecord(record);
        record = null;
        return;
      }
      if (frame.rule?.simple || skipSchema || !frame.rule) {
        const path = frame.path;
        if (path && !record.fields.has(path)) record.fields.set(path, value.trim());
      }
      return;
    }
    if (section && parentName === section.name && TOTAL_FIELDS.has(name))
      section.declared[name] = value.trim();
    else if (glTotals && parentName === 'GeneralLedgerEntries' && TOTAL_FIELDS.has(name))
      glTotals.declared[name] = value.trim();
    else if (journal && parentName === 'Journal') {
      if (name === 'JournalID') journal.id = value.trim();
      else if (name === 'Description') journal.description = value.trim();
    } else if (section && name === section.name) {
      closeSection(section);
      section = null;
    } else if (glTotals && name === 'GeneralLedgerEntries') {
      closeSection(glTotals);
      glTotals = null;
    } else if (name === 'Journal') journal = null;
  });

  function finishRecord(draft: RecordDraft) {
    const fields = draft.fields;
    switch (draft.kind) {
      case 'Header': {
        for (const [k, v] of fields) if (!k.includes('/')) result.header[k] = v;
        result.auditFileVersion = fields.get('AuditFileVersion') ?? null;
        headerRead = true;
        pending.push({ kind: 'header', fields });
        break;
      }
      case 'Account': {
        count('accounts');
        const code = fields.get('AccountID') ?? '';
        const balance = balances.get(code) ?? { opening: 0n, closing: 0n, movements: 0n };
        balance.opening =
          (toMicroReference(fields.get('OpeningDebitBalance')) ?? 0n) -
          (toMicroReference(fields.get('OpeningCreditBalance')) ?? 0n);
        balance.closing =
          (toMicroReference(fields.get('ClosingDebitBalance')) ?? 0n) -
          (toMicroReference(fields.get('ClosingCreditBalance')) ?? 0n);
        if (fields.get('GroupingCategory') === 'GM') balances.set(code, balance);
        pending.push({ kind: 'account', fields });
        break;
      }
      case 'Customer':
        count('customers');
        pending.push({ kind: 'customer', fields });
        break;
      case 'Supplier':
        count('suppliers');
        pending.push({ kind: 'supplier', fields });
        break;
      case 'Product':
        count('products');
        pending.push({ kind: 'product', fields });
        break;
      case 'TaxTableEntry':
        count('taxes');
        break;
      case 'Transaction':
        finishTransaction(draft);
        break;
      case 'document':
        finishDocument(draft);
        break;
      default:
        break;
    }
  }

  function finishTransaction(draft: RecordDraft) {
    count('transactions');
    const totals = glTotals;
    let debit = 0n;
    let credit = 0n;
    for (const line of draft.lines) {
      const isDebit = line.get('#') === 'DebitLine';
      const amount = toMicroReference(line.get(isDebit ? 'DebitAmount' : 'CreditAmount')) ?? 0n;
      if (isDebit) debit += amount;
      else credit += amount;
      const balance = balances.get(line.get('AccountID') ?? '');
      if (balance) balance.movements += isDebit ? amount : -amount;
    }
    const id = draft.fields.get('TransactionID') ?? '';
    if (debit !== credit)
      issue({
        severity: 'error',
        code: 'TRANSACTION_UNBALANCED',
        message: `Transaction ${id} debits ${formatMicro(debit)} and credits ${formatMicro(credit)}.`,
        document: id,
      });
    if (totals) {
      totals.entries++;
      totals.debit += debit;
      totals.credit += credit;
    }
    pending.push({
      kind: 'transaction',
      journalId: journal?.id ?? '',
      journalDescription: journal?.description ?? '',
      fields: draft.fields,
      lines: draft.lines,
    });
  }

  function finishDocument(draft: RecordDraft) {
    const current = section as SectionState;
    const fields = draft.fields;
    const number =
      fields.get('InvoiceNo') ?? fields.get('DocumentNumber') ?? fields.get('PaymentRefNo') ?? '';
    const status =
      fields.get('DocumentStatus/InvoiceStatus') ??
      fields.get('DocumentStatus/WorkStatus') ??
      fields.get('DocumentStatus/PaymentStatus') ??
      fields.get('DocumentStatus/MovementStatus') ??
      '';
    count(`documents.${current.name}`);
    current.entries++;
    let debit = 0n;
    let credit = 0n;
    let quantity = 0n;
    for (const line of draft.lines) {
      debit += toMicroReference(line.get('DebitAmount')) ?? 0n;
      credit += toMicroReference(line.get('CreditAmount')) ?? 0n;
      quantity += toMicroReference(line.get('Quantity')) ?? 0n;
    }
    current.movementLines += draft.lines.length;
    // Cancelled (A) and, for invoices and working documents, billed (F) documents stay out of the totals;
    // a billed guide (MovementOfGoods F) still moved its goods.
    const excluded =
      current.name === 'MovementOfGoods' || current.name === 'Payments'
        ? status === 'A'
        : CANCELLED.has(status);
    if (!excluded) {
      current.debit += debit;
      current.credit += credit;
      current.quantity += quantity;
    }
    const net = toMicroReference(fields.get('DocumentTotals/NetTotal'));
    const tax = toMicroReference(fields.get('DocumentTotals/TaxPayable'));
    const gross = toMicroReference(fields.get('DocumentTotals/GrossTotal'));
    if (net !== null && tax !== null && gross !== null) {
      if (microToCents(net) + microToCents(tax) !== microToCents(gross))
        issue({
          severity: 'error',
          code: 'DOCUMENT_TOTALS',
          message: `${number}: NetTotal ${formatMicro(net)} + TaxPayable ${formatMicro(tax)} ≠ GrossTotal ${formatMicro(gross)}.`,
          document: number,
        });
      const lines = credit > debit ? credit - debit : debit - credit;
      if (current.name !== 'Payments' && draft.lines.length > 0 && microToCents(lines) !== microToCents(net))
        issue({
          severity: 'error',
          code: 'DOCUMENT_TOTALS',
          message: `${number}: its lines add up to ${formatMicro(lines)}, NetTotal says ${formatMicro(net)}.`,
          document: number,
        });
    }
    if (key && current.name === 'SalesInvoices') verifySignature(number, fields);
    pending.push({ kind: 'document', section: current.name, fields, lines: draft.lines });
  }

  function verifySignature(number: string, fields: Fields) {
    const hash = fields.get('Hash') ?? '';
    const chainKey = number.slice(0, number.lastIndexOf('/'));
    const previous = chains.get(chainKey) ?? '';
    chains.set(chainKey, hash);
    const message = [
      fields.get('InvoiceDate') ?? '',
      fields.get('SystemEntryDate') ?? '',
      number,
      formatCents2(toMicroReference(fields.get('DocumentTotals/GrossTotal')) ?? 0n),
      previous,
    ].join(';');
    let valid = false;
    try {
      valid = createVerify('RSA-SHA1')
        .update(message, 'utf8')
        .verify(key as KeyObject, hash, 'base64');
    } catch {
      valid = false;
    }
    if (valid) count('signaturesVerified');
    else {
      count('signaturesFailed');
      issue({
        severity: 'error',
        code: 'SIGNATURE_INVALID',
        message: `The signature of ${number} does not verify with the public key given (chain ${chainKey}).`,
        document: number,
      });
    }
  }

  /**
   * Opening balance + the journal's movements = closing balance, per movement account. A file of part of
   * the year can differ legitimately (its journal holds only that part): a warning, not an error.
   */
  function checkClosingBalances() {
    let opening = 0n;
    let closing = 0n;
    let computed = 0n;
    let differing = 0;
    for (const [code, balance] of balances) {
      const expected = balance.opening + balance.movements;
      opening += balance.opening > 0n ? balance.opening : 0n;
      closing += balance.closing > 0n ? balance.closing : 0n;
      computed += expected > 0n ? expected : 0n;
      if (expected !== balance.closing) {
        differing++;
        if (differing <= 20)
          issue({
            severity: 'warning',
            code: 'CLOSING_BALANCE',
            message: `Account ${code}: opening ${formatMicro(balance.opening)} + movements ${formatMicro(balance.movements)} = ${formatMicro(expected)}, the file's closing balance is ${formatMicro(balance.closing)} (debit − credit).`,
            element: 'ClosingDebitBalance',
          });
      }
    }
    result.totals.GeneralLedgerAccounts = {
      declared: {
        Accounts: String(balances.size),
        OpeningDebitBalances: formatMicro(opening),
        ClosingDebitBalances: formatMicro(closing),
      },
      computed: {
        Accounts: String(balances.size),
        OpeningDebitBalances: formatMicro(opening),
        ClosingDebitBalances: formatMicro(computed),
      },
    };
  }

  function closeSection(state: SectionState) {
    const computed: Record<string, string> = {};
    if (state.name === 'MovementOfGoods') {
      computed.NumberOfMovementLines = String(state.movementLines);
      computed.TotalQuantityIssued = formatMicro(state.quantity);
    } else {
      computed.NumberOfEntries = String(state.entries);
      computed.TotalDebit = formatMicro(state.debit);
      computed.TotalCredit = formatMicro(state.credit);
    }
    result.totals[state.name] = { declared: state.declared, computed };
    for (const [field, value] of Object.entries(computed)) {
      const declared = state.declared[field];
      if (declared === undefined) continue;
      const same = field.startsWith('Number')
        ? Number(declared) === Number(value)
        : field === 'TotalQuantityIssued'
          ? microToCents(toMicroReference(declared) ?? -1n) === microToCents(toMicroReference(value) ?? 0n)
          : toMicroReference(declared) === toMicroReference(value);
      if (!same)
        issue({
          severity: 'error',
          code: 'CONTROL_TOTAL',
          message: `${state.name}/${field} declares ${declared}, the file adds up to ${value}.`,
          element: field,
        });
    }
  }

  // Decoding
  let decoder: { write(chunk: Buffer): string; end(): string | undefined } | null = null;
  const progressBytes = options.progressBytes ?? 4 * 1024 * 1024;
  let nextProgress = progressBytes;
  try {
    for await (const chunk of chunks) {
      if (!decoder) {
        if (hostileHead(chunk))
          throw new Fatal(
            'HOSTILE_XML',
            'The file declares a DTD or entities, which a SAF-T file never needs.',
            1,
          );
        const encoding = detectEncoding(chunk);
        if (!encoding)
          throw new Fatal('ENCODING_UNSUPPORTED', 'The file is neither UTF-8 nor Windows-1252.', 1);
        decoder = iconv.getDecoder(encoding === 'utf8' ? 'utf8' : 'win1252', { stripBOM: true });
      }
      result.bytesRead += chunk.length;
      parser.write(decoder.write(chunk));
      if (pending.length > 0 && options.onRecords) await options.onRecords(pending.splice(0));
      else pending.length = 0;
      if (headerRead && options.headerOnly) return result;
      if (options.onProgress && result.bytesRead >= nextProgress) {
        nextProgress = result.bytesRead + progressBytes;
        await options.onProgress(result.bytesRead);
      }
    }
    if (!decoder) throw new Fatal('NOT_SAFT', 'The file is empty.');
    const rest = decoder.end();
    if (rest) parser.write(rest);
    parser.close();
    if (!result.country) throw new Fatal('NOT_SAFT', 'The file holds no SAF-T AuditFile.');
    if (balances.size > 0 && result.totals.GeneralLedgerEntries) checkClosingBalances();
    if (pending.length > 0 && options.onRecords) await options.onRecords(pending.splice(0));
  } catch (error) {
    if (!(error instanceof Fatal)) throw error;
    result.fatal = true;
    issue({
      severity: 'error',
      code: error.code,
      message: error.message,
      ...(error.line ? { line: error.line } : {}),
    });
  }
  return result;
}
