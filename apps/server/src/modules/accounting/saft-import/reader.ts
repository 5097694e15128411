import { createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import iconv from 'iconv-lite';
import {
  AHEAD,
  type Batch,
  EVENT_ATTRIBUTES,
  EVENT_CLOSE,
  EVENT_OPEN,
  EVENT_OPEN_NAMED,
  EVENT_TEXT,
  type TokenizerThread,
  tokenizerThread,
} from './tokenizer-thread.ts';
import { XmlFatal, XmlTokenizer } from './xml-tokenizer.ts';
import {
  auditFileRule,
  type ChildEntry,
  checkSimple,
  type ElementRule,
  SAFT_NAMESPACES,
  type SaftCountry,
} from './xsd-rules.ts';

// One streaming pass over a SAF-T (PT 1.04_01 or AO 1.01_01) file: decodes Windows-1252 or UTF-8 as
// the bytes come, checks every element against the official schema's rules (xsd-rules.ts), adds up the
// control totals, verifies the invoices' signature chains when the issuer's public key is given, and
// hands each record (header, account, party, product, journal transaction, source document) to the
// caller in small batches. Memory is bounded by one record and the nesting depth: a file of any size
// is read without building its tree. Hostile XML (a DTD or entity declaration, deep nesting, huge
// texts) stops the pass at once.

export interface SaftIssue {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  line?: number;
  element?: string;
  document?: string;
}

/** A record's leaf texts by path relative to it ("CompanyName", "BillingAddress/City"). */
export type Fields = Map<string, string>;

export type SaftRecord =
  | { kind: 'header'; fields: Fields }
  | { kind: 'account'; fields: Fields }
  | { kind: 'customer' | 'supplier' | 'product' | 'tax'; fields: Fields }
  | { kind: 'transaction'; journalId: string; journalDescription: string; fields: Fields; lines: Fields[] }
  | { kind: 'document'; section: string; fields: Fields; lines: Fields[] };

export interface SectionTotals {
  declared: Record<string, string>;
  computed: Record<string, string>;
}

export interface SaftReadResult {
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

export interface ReadOptions {
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
  /**
   * Decode and tokenize on the process's tokenizer thread while this one checks (the default; on this
   * thread when the other is busy or cannot start, and for `headerOnly`); false: on this thread.
   */
  thread?: boolean;
}

export const MAX_ISSUES = 200;
const MAX_DEPTH = 32;
const MAX_TEXT = 100_000;
const HEAD_BYTES = 64 * 1024;
/** Chunks over four times this are sent to the tokenizer thread in pieces of this size. */
const PIECE = 256 * 1024;

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

// String methods in the hot paths are called as `trim.call(value)`: see xml-tokenizer.ts.
const { charCodeAt, slice, trim } = String.prototype;

const DECIMAL_TEXT = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/;

/** Decimal text → integer millionths (exact; SAF-T amounts carry at most a few decimals). */
export function toMicro(text: string | undefined): bigint | null {
  if (text === undefined) return null;
  const fast = microNumber(text);
  if (fast !== null) return BigInt(fast);
  const match = DECIMAL_TEXT.exec(text);
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

/** 10^(6 − decimals): what a fraction of that many decimals is worth in millionths. */
const SCALE = [1_000_000, 100_000, 10_000, 1_000, 100, 10, 1];

/**
 * The common case of toMicro without a regular expression or string building: an optional sign, at most
 * nine integer digits and at most six decimals, nothing around. Null sends the text to the general path.
 */
function microNumber(text: string): number | null {
  const length = text.length;
  let i = 0;
  const sign = charCodeAt.call(text, 0);
  if (sign === 43 || sign === 45) i++;
  let whole = 0;
  const start = i;
  for (; i < length; i++) {
    const c = charCodeAt.call(text, i);
    if (c < 48 || c > 57) break;
    whole = whole * 10 + (c - 48);
  }
  const wholeDigits = i - start;
  if (wholeDigits > 9) return null;
  let fraction = 0;
  let fractionDigits = 0;
  if (i < length) {
    if (charCodeAt.call(text, i) !== 46) return null;
    for (i++; i < length; i++) {
      const c = charCodeAt.call(text, i);
      if (c < 48 || c > 57) return null;
      fraction = fraction * 10 + (c - 48);
      if (++fractionDigits > 6) return null;
    }
  }
  if (wholeDigits === 0 && fractionDigits === 0) return null;
  const value = whole * 1_000_000 + fraction * (SCALE[fractionDigits] as number);
  return sign === 45 ? -value : value;
}

/** Millionths → minor units (cents), half away from zero. */
export function microToCents(micro: bigint): number {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const cents = (abs + 5_000n) / 10_000n;
  return Number(negative ? -cents : cents);
}

export function formatMicro(micro: bigint): string {
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
export function detectEncoding(head: Buffer): 'utf8' | 'win1252' | null {
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
export function hostileHead(head: Buffer): boolean {
  const text = head.subarray(0, HEAD_BYTES).toString('latin1');
  return /<!DOCTYPE|<!ENTITY/i.test(text);
}

/**
 * A path relative to a record (or line): "" outside one and on its own element, "BillingAddress/City" in
 * it. Paths form a tree (one per read) built as names come, so that a path string is made once, not once
 * per element; each node also notes the record and the line that last set it, so that "the first value
 * wins" needs no lookup.
 */
interface PathNode {
  path: string;
  /** The element's name (the last step of the path). */
  name: string;
  children: Map<string, PathNode> | null;
  /** Whether the node is in the tree (its stamps can be trusted). */
  kept: boolean;
  recordStamp: number;
  lineStamp: number;
  /** The last child entry looked up for this element name, and in which parent rule. */
  entryOwner: ElementRule | null;
  entry: ChildEntry | undefined;
  /** Whether the element is a Line, DebitLine or CreditLine. */
  isLine: boolean;
  /**
   * The child that came first in this element the last time, and the sibling that came after this
   * one: the next child is guessed from them (SAF-T repeats the same sequences), not looked up by name.
   */
  first: PathNode | null;
  next: PathNode | null;
}

/** Paths kept in the tree (a SAF-T file has a few hundred); any beyond are made as they come. */
const MAX_PATHS = 10_000;

const pathNode = (path: string, name: string, kept: boolean): PathNode => ({
  path,
  name,
  children: null,
  kept,
  recordStamp: 0,
  lineStamp: 0,
  entryOwner: null,
  entry: undefined,
  isLine: LINE_ELEMENTS.has(name),
  first: null,
  next: null,
});

interface Frame {
  name: string;
  /** Path relative to the record (or line) being read. */
  path: PathNode;
  rule: ElementRule | null;
  slot: number;
  count: number;
  broken: boolean;
  line: number;
  /** The path of the last child opened in it (see PathNode.next). */
  last: PathNode | null;
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
export async function readSaft(
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

  const stack: Frame[] = [];
  const pool: Frame[] = [];
  const recordPath = pathNode('', '', true);
  let pathCount = 0;
  /** Serial numbers of the record and of the line being read (see PathNode). */
  let recordSerial = 0;
  let lineSerial = 0;
  const childPath = (parent: PathNode, name: string): PathNode => {
    let children = parent.children;
    if (children === null) {
      children = new Map();
      if (parent.kept) parent.children = children;
    }
    let node = children.get(name);
    if (node === undefined) {
      const kept = parent.kept && pathCount < MAX_PATHS;
      node = pathNode(parent.path ? `${parent.path}/${name}` : name, name, kept);
      if (kept) {
        children.set(name, node);
        pathCount++;
      }
    }
    return node;
  };
  let text = '';
  let record: RecordDraft | null = null;
  let section: SectionState | null = null;
  let journal: { id: string; description: string } | null = null;
  let glTotals: SectionState | null = null;
  const pending: SaftRecord[] = [];
  const skipSchema = options.skipSchema === true;
  let headerRead = false;

  /** Where the tokenizer stands: itself on this thread, else set from the thread's events. */
  let parser: { line: number; wantText: boolean } = { line: 1, wantText: false };

  const schemaError = (code: string, message: string, element: string, line = parser.line) =>
    issue({ severity: 'error', code, message, line, element });

  const onText = (chunk: string) => {
    if (text.length + chunk.length > MAX_TEXT)
      throw new Fatal('HOSTILE_XML', `A text longer than ${MAX_TEXT} characters.`, parser.line);
    text += chunk;
  };

  const onOpen = (name: string, attributes: Record<string, string> | null) => {
    const parent = stack[stack.length - 1];
    if (stack.length >= MAX_DEPTH) throw new Fatal('HOSTILE_XML', 'The XML nests too deep.', parser.line);
    let node = recordPath;
    if (record && parent) {
      const last = parent.last;
      const guess = last === null ? parent.path.first : last.next;
      if (guess !== null && guess.name === name) node = guess;
      else {
        node = childPath(parent.path, name);
        if (last === null) parent.path.first = node;
        else last.next = node;
      }
      parent.last = node;
    }
    let rule: ElementRule | null = null;
    if (!parent) {
      const namespace = String(attributes?.xmlns ?? '');
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
      let entry: ChildEntry | undefined;
      // Inside a record a path node stands for one name: it keeps the entry found in the parent's rule.
      if (node !== recordPath && node.entryOwner === parent.rule) entry = node.entry;
      else {
        entry = parent.rule.index.get(name);
        node.entryOwner = parent.rule;
        node.entry = entry;
      }
      rule = entry === undefined ? null : entry.rule;
      if (!parent.broken && parent.rule.slots) accept(parent, name, entry);
      else if (!rule && !parent.broken) {
        schemaError('SCHEMA_UNEXPECTED_ELEMENT', `${name} is not allowed in ${parent.name}.`, name);
        parent.broken = true;
      }
    }
    // Frames are reused by depth: no allocation per element.
    let frame = pool[stack.length];
    if (!frame) {
      frame = { name, path: recordPath, rule, slot: 0, count: 0, broken: false, line: 0, last: null };
      pool[stack.length] = frame;
    }
    frame.name = name;
    frame.path = node;
    frame.rule = rule;
    frame.slot = 0;
    frame.count = 0;
    frame.broken = false;
    frame.line = parser.line;
    frame.last = null;
    stack.push(frame);
    parser.wantText = skipSchema || !rule || rule.simple !== null;
    text = '';

    // Records
    const depth = stack.length;
    const parentName = parent?.name ?? '';
    if (record) {
      if (
        node.isLine &&
        !record.line &&
        (name !== 'Line' || record.kind === 'document') &&
        parentName !== 'SourceDocumentID'
      ) {
        record.line = new Map();
        record.line.set('#', name);
        record.lineDepth = depth;
        lineSerial++;
        frame.path = recordPath;
      }
      return;
    }
    if (DOCUMENT_ELEMENTS[parentName] === name && section) {
      recordSerial++;
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
      recordSerial++;
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
  };

  const newSection = (name: string): SectionState => ({
    name,
    declared: {},
    entries: 0,
    debit: 0n,
    credit: 0n,
    quantity: 0n,
    movementLines: 0,
  });

  /** Moves the parent's content model on by one child named `name` (`entry`: its rule and slots). */
  function accept(frame: Frame, name: string, entry: ChildEntry | undefined) {
    const slots = frame.rule?.slots as NonNullable<ElementRule['slots']>;
    if (entry === undefined) {
      frame.broken = true;
      schemaError('SCHEMA_UNEXPECTED_ELEMENT', `${name} is not allowed in ${frame.name}.`, name);
      return;
    }
    const inSlot = entry.inSlot;
    while (frame.slot < slots.length) {
      const slot = slots[frame.slot] as (typeof slots)[number];
      const here = inSlot[frame.slot] === 1;
      if (here && frame.count < slot.max) {
        frame.count++;
        return;
      }
      if (here || frame.count >= slot.min) {
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
    schemaError('SCHEMA_UNEXPECTED_ELEMENT', `${name} is out of place in ${frame.name}.`, name);
  }

  const onClose = () => {
    const frame = stack.pop() as Frame;
    const name = frame.name;
    const value = text;
    text = '';
    parser.wantText = false;
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
    if (record) {
      if (record.line) {
        if (depth === record.lineDepth) {
          record.lines.push(record.line);
          record.line = null;
        } else if (frame.rule?.simple || skipSchema || !frame.rule) {
          const node = frame.path;
          if (node.path && (node.kept ? node.lineStamp !== lineSerial : !record.line.has(node.path))) {
            node.lineStamp = lineSerial;
            record.line.set(node.path, trim.call(value));
          }
        }
        return;
      }
      if (depth === record.depth) {
        finishRecord(record);
        record = null;
        return;
      }
      if (frame.rule?.simple || skipSchema || !frame.rule) {
        const node = frame.path;
        if (node.path && (node.kept ? node.recordStamp !== recordSerial : !record.fields.has(node.path))) {
          node.recordStamp = recordSerial;
          record.fields.set(node.path, trim.call(value));
        }
      }
      return;
    }
    const parentName = stack[stack.length - 1]?.name ?? '';
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
  };

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
          (toMicro(fields.get('OpeningDebitBalance')) ?? 0n) -
          (toMicro(fields.get('OpeningCreditBalance')) ?? 0n);
        balance.closing =
          (toMicro(fields.get('ClosingDebitBalance')) ?? 0n) -
          (toMicro(fields.get('ClosingCreditBalance')) ?? 0n);
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
      const amount = toMicro(line.get(isDebit ? 'DebitAmount' : 'CreditAmount')) ?? 0n;
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
      debit += toMicro(line.get('DebitAmount')) ?? 0n;
      credit += toMicro(line.get('CreditAmount')) ?? 0n;
      quantity += toMicro(line.get('Quantity')) ?? 0n;
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
    const net = toMicro(fields.get('DocumentTotals/NetTotal'));
    const tax = toMicro(fields.get('DocumentTotals/TaxPayable'));
    const gross = toMicro(fields.get('DocumentTotals/GrossTotal'));
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
      formatCents2(toMicro(fields.get('DocumentTotals/GrossTotal')) ?? 0n),
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
          ? microToCents(toMicro(declared) ?? -1n) === microToCents(toMicro(value) ?? 0n)
          : toMicro(declared) === toMicro(value);
      if (!same)
        issue({
          severity: 'error',
          code: 'CONTROL_TOTAL',
          message: `${state.name}/${field} declares ${declared}, the file adds up to ${value}.`,
          element: field,
        });
    }
  }

  // Decoding and tokenizing: on the tokenizer thread when it is free (tokenizer-thread.ts), else here.
  let tokenizer: XmlTokenizer | null = null;
  let decoder: { write(chunk: Buffer): string; end(): string | undefined } | null = null;
  let thread: TokenizerThread | null = null;
  /** The bytes of the chunks sent to the thread whose batches are not handled yet. */
  const inFlight: number[] = [];
  /** The names of the elements by their index in the thread's tokenizer. */
  const names: string[] = [];
  const progressBytes = options.progressBytes ?? 4 * 1024 * 1024;
  let nextProgress = progressBytes;

  /** The events of one batch from the thread, as the tokenizer would have called the handlers. */
  const handleBatch = (batch: Batch) => {
    const added = batch.names;
    for (let i = 0; i < added.length; i += 2) names[added[i] as number] = added[i + 1] as string;
    const events = batch.events;
    const length = batch.length;
    const texts = batch.texts;
    const cursor = parser;
    let at = 0;
    let attribute = 0;
    for (let i = 0; i < length; i += 2) {
      const head = events[i] as number;
      cursor.line = events[i + 1] as number;
      const kind = head & 7;
      const value = head >>> 3;
      if (kind === EVENT_CLOSE) onClose();
      else if (kind === EVENT_TEXT) {
        if (cursor.wantText) onText(slice.call(texts, at, at + value));
        at += value;
      } else if (kind === EVENT_OPEN) onOpen(names[value] as string, null);
      else {
        let name: string;
        if ((kind & 3) === EVENT_OPEN_NAMED) {
          name = slice.call(texts, at, at + value);
          at += value;
        } else name = names[value] as string;
        onOpen(name, kind & EVENT_ATTRIBUTES ? (batch.attributes[attribute++] ?? null) : null);
      }
    }
    if (batch.fatal) throw new XmlFatal(batch.fatal.code, batch.fatal.message, batch.fatal.line);
    if (batch.error !== null) throw new Error(`The SAF-T tokenizer thread failed: ${batch.error}`);
  };

  /** After each chunk read: its records handed over, then progress. True once headerOnly is done. */
  const afterChunk = async (): Promise<boolean> => {
    if (pending.length > 0 && options.onRecords) await options.onRecords(pending.splice(0));
    else pending.length = 0;
    if (headerRead && options.headerOnly) return true;
    if (options.onProgress && result.bytesRead >= nextProgress) {
      nextProgress = result.bytesRead + progressBytes;
      await options.onProgress(result.bytesRead);
    }
    return false;
  };

  let started = false;
  try {
    for await (const chunk of chunks) {
      if (!started) {
        started = true;
        if (hostileHead(chunk))
          throw new Fatal(
            'HOSTILE_XML',
            'The file declares a DTD or entities, which a SAF-T file never needs.',
            1,
          );
        const encoding = detectEncoding(chunk);
        if (!encoding)
          throw new Fatal('ENCODING_UNSUPPORTED', 'The file is neither UTF-8 nor Windows-1252.', 1);
        const name = encoding === 'utf8' ? 'utf8' : 'win1252';
        // The Header alone (onboarding) is a few kB: not worth the thread.
        if (options.thread !== false && !options.headerOnly) {
          const shared = await tokenizerThread();
          if (shared?.available) {
            thread = shared;
            thread.begin(name);
          }
        }
        if (!thread) {
          decoder = iconv.getDecoder(name, { stripBOM: true });
          tokenizer = new XmlTokenizer({ open: onOpen, text: onText, close: onClose });
          parser = tokenizer;
        }
      }
      if (thread) {
        // A big chunk goes in pieces, so that a batch's events stay bounded; its bytes count at the first.
        const pieces = chunk.length > 4 * PIECE ? Math.ceil(chunk.length / PIECE) : 1;
        for (let piece = 0; piece < pieces; piece++) {
          thread.send(pieces === 1 ? chunk : chunk.subarray(piece * PIECE, (piece + 1) * PIECE));
          inFlight.push(piece === 0 ? chunk.length : 0);
          if (inFlight.length < AHEAD) continue;
          result.bytesRead += inFlight.shift() as number;
          handleBatch(await thread.next());
          if (await afterChunk()) return result;
        }
        continue;
      }
      result.bytesRead += chunk.length;
      (tokenizer as XmlTokenizer).write((decoder as NonNullable<typeof decoder>).write(chunk));
      if (await afterChunk()) return result;
    }
    if (!started) throw new Fatal('NOT_SAFT', 'The file is empty.');
    if (thread) {
      thread.end();
      while (inFlight.length > 0) {
        result.bytesRead += inFlight.shift() as number;
        handleBatch(await thread.next());
        if (await afterChunk()) return result;
      }
      handleBatch(await thread.next());
    } else {
      const rest = (decoder as NonNullable<typeof decoder>).end();
      if (rest) (tokenizer as XmlTokenizer).write(rest);
      (tokenizer as XmlTokenizer).end();
    }
    if (!result.country) throw new Fatal('NOT_SAFT', 'The file holds no SAF-T AuditFile.');
    if (balances.size > 0 && result.totals.GeneralLedgerEntries) checkClosingBalances();
    if (pending.length > 0 && options.onRecords) await options.onRecords(pending.splice(0));
  } catch (error) {
    if (!(error instanceof Fatal || error instanceof XmlFatal)) throw error;
    result.fatal = true;
    issue({
      severity: 'error',
      code: error.code,
      message: error.message,
      ...(error.line ? { line: error.line } : {}),
    });
  } finally {
    thread?.release();
  }
  return result;
}
