import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SaxesParser } from 'saxes';

// Streaming schema check for SAF-T imports. The official XSDs (resources/fiscal/saft) are compiled once
// into per-element rules: which children an element may have, in which order, how many of each, and the
// simple type of each leaf (built-in base, length, enumeration, bounds). The SAX pass of the import
// checks every element against them as it goes, so a file of any size is checked with memory bounded
// by its nesting depth — never a whole-file DOM. Relaxations, stated: a choice or an `xs:all` is one
// slot holding all its names (order inside it is free), a group is spliced in place, patterns and the
// XSD 1.1 assertions are not checked here, and identity constraints (unique/keyref) are left to the
// import's own checks (documents, accounts and parties are matched by code while importing).

export type Builtin = 'string' | 'date' | 'dateTime' | 'decimal' | 'integer' | 'nonNegativeInteger' | 'other';

export interface SimpleRule {
  base: Builtin;
  minLength?: number;
  maxLength?: number;
  length?: number;
  enumeration?: Set<string>;
  minInclusive?: number;
  maxInclusive?: number;
}

/** A position in an element's content: the names that may stand there and how many times. */
export interface Slot {
  names: Set<string>;
  min: number;
  max: number;
}

/** What the reader needs of a child, found with one lookup: its rule and the slots it may stand in. */
export interface ChildEntry {
  rule: ElementRule;
  /** 1 at the index of each slot whose names hold the child's. */
  inSlot: Uint8Array;
}

export interface ElementRule {
  name: string;
  /** Complex content: the slots in order and the rule of each child by name. */
  slots: Slot[] | null;
  children: Map<string, ElementRule>;
  /** `children` with each child's slots, filled once the schema is compiled. */
  index: Map<string, ChildEntry>;
  /** Simple content (a leaf). */
  simple: SimpleRule | null;
}

interface XsdNode {
  tag: string;
  attrs: Record<string, string>;
  children: XsdNode[];
}

/** The XSD as a small tree (the schema is a few hundred kB; the file it checks is never a tree). */
function parseXsd(text: string): XsdNode {
  const parser = new SaxesParser({ xmlns: false });
  const root: XsdNode = { tag: '#root', attrs: {}, children: [] };
  const stack: XsdNode[] = [root];
  parser.on('opentag', (tag) => {
    const name = tag.name.startsWith('xs:') ? tag.name.slice(3) : tag.name;
    const node: XsdNode = { tag: name, attrs: tag.attributes as Record<string, string>, children: [] };
    stack[stack.length - 1]?.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  const schema = root.children[0];
  if (!schema) throw new Error('Empty schema');
  return schema;
}

const stripPrefix = (name: string) => (name.includes(':') ? name.slice(name.indexOf(':') + 1) : name);
const occurs = (value: string | undefined, fallback: number) =>
  value === undefined ? fallback : value === 'unbounded' ? Number.POSITIVE_INFINITY : Number(value);

const BUILTINS: Record<string, Builtin> = {
  string: 'string',
  normalizedString: 'string',
  token: 'string',
  date: 'date',
  dateTime: 'dateTime',
  decimal: 'decimal',
  integer: 'integer',
  int: 'integer',
  nonNegativeInteger: 'nonNegativeInteger',
  positiveInteger: 'nonNegativeInteger',
};

class Compiler {
  readonly elements = new Map<string, XsdNode>();
  readonly complexTypes = new Map<string, XsdNode>();
  readonly simpleTypes = new Map<string, XsdNode>();
  readonly groups = new Map<string, XsdNode>();
  private readonly simpleCache = new Map<string, SimpleRule>();
  private readonly complexCache = new Map<string, ElementRule>();
  private readonly globalCache = new Map<string, ElementRule>();

  constructor(schema: XsdNode) {
    for (const node of schema.children) {
      const name = node.attrs.name;
      if (!name) continue;
      if (node.tag === 'element') this.elements.set(name, node);
      else if (node.tag === 'complexType') this.complexTypes.set(name, node);
      else if (node.tag === 'simpleType') this.simpleTypes.set(name, node);
      else if (node.tag === 'group') this.groups.set(name, node);
    }
  }

  simpleByName(type: string): SimpleRule {
    const local = stripPrefix(type);
    if (type.startsWith('xs:') || !this.simpleTypes.has(local)) return { base: BUILTINS[local] ?? 'other' };
    const cached = this.simpleCache.get(local);
    if (cached) return cached;
    const rule = this.simpleOf(this.simpleTypes.get(local) as XsdNode);
    this.simpleCache.set(local, rule);
    return rule;
  }

  simpleOf(node: XsdNode): SimpleRule {
    const restriction = node.children.find((child) => child.tag === 'restriction');
    if (!restriction) return { base: 'other' };
    const rule: SimpleRule = { ...this.simpleByName(restriction.attrs.base ?? 'xs:string') };
    if (rule.enumeration) rule.enumeration = new Set(rule.enumeration);
    const values: string[] = [];
    for (const facet of restriction.children) {
      const value = facet.attrs.value ?? '';
      if (facet.tag === 'enumeration') values.push(value);
      else if (facet.tag === 'maxLength') rule.maxLength = Number(value);
      else if (facet.tag === 'minLength') rule.minLength = Number(value);
      else if (facet.tag === 'length') rule.length = Number(value);
      else if (facet.tag === 'minInclusive') rule.minInclusive = Number(value);
      else if (facet.tag === 'maxInclusive') rule.maxInclusive = Number(value);
    }
    if (values.length > 0) rule.enumeration = new Set(values);
    return rule;
  }

  /** The rule of an element declaration (global by `ref`, or local). */
  element(node: XsdNode): ElementRule {
    const ref = node.attrs.ref;
    if (ref) {
      const name = stripPrefix(ref);
      const cached = this.globalCache.get(name);
      if (cached) return cached;
      const global = this.elements.get(name);
      if (!global) throw new Error(`Unknown element ${name}`);
      const placeholder: ElementRule = {
        name,
        slots: null,
        children: new Map(),
        index: new Map(),
        simple: null,
      };
      this.globalCache.set(name, placeholder);
      Object.assign(placeholder, this.declaration(global));
      return placeholder;
    }
    return this.declaration(node);
  }

  private declaration(node: XsdNode): ElementRule {
    const name = node.attrs.name as string;
    const type = node.attrs.type;
    if (type) {
      const local = stripPrefix(type);
      if (!type.startsWith('xs:') && this.complexTypes.has(local)) {
        const cached = this.complexCache.get(local);
        if (cached) return { ...cached, name };
        const rule: ElementRule = { name, slots: null, children: new Map(), index: new Map(), simple: null };
        this.complexCache.set(local, rule);
        Object.assign(rule, this.complex(this.complexTypes.get(local) as XsdNode), { name });
        return rule;
      }
      return { name, slots: null, children: new Map(), index: new Map(), simple: this.simpleByName(type) };
    }
    const complex = node.children.find((child) => child.tag === 'complexType');
    if (complex) return { ...this.complex(complex), name };
    const simple = node.children.find((child) => child.tag === 'simpleType');
    return {
      name,
      slots: null,
      children: new Map(),
      index: new Map(),
      simple: simple ? this.simpleOf(simple) : { base: 'string' },
    };
  }

  private complex(node: XsdNode): ElementRule {
    const rule: ElementRule = { name: '', slots: [], children: new Map(), index: new Map(), simple: null };
    for (const child of node.children) {
      if (child.tag === 'sequence' || child.tag === 'choice' || child.tag === 'all')
        this.particle(child, rule, 1);
    }
    return rule;
  }

  /** Adds a particle's slots to `rule`; `factor` 0 when an enclosing particle is optional. */
  private particle(node: XsdNode, rule: ElementRule, factor: number): void {
    const min = occurs(node.attrs.minOccurs, 1) * factor;
    const max = occurs(node.attrs.maxOccurs, 1);
    const slots = rule.slots as Slot[];
    if (node.tag === 'element') {
      const child = this.element(node);
      rule.children.set(child.name, child);
      slots.push({ names: new Set([child.name]), min, max });
    } else if (node.tag === 'sequence') {
      if (max > 1) {
        // A repeated sequence: one free slot of its names.
        const names = new Set<string>();
        this.collect(node, rule, names);
        slots.push({ names, min: Math.min(min, 1), max: Number.POSITIVE_INFINITY });
      } else for (const child of node.children) this.particle(child, rule, min > 0 ? 1 : 0);
    } else if (node.tag === 'group') {
      const group = this.groups.get(stripPrefix(node.attrs.ref ?? ''));
      const inner = group?.children.find((child) => child.tag !== 'annotation');
      if (!inner) return;
      const names = new Set<string>();
      this.collect(inner, rule, names);
      if (max > 1 || inner.tag !== 'sequence')
        slots.push({ names, min: Math.min(min, 1), max: Number.POSITIVE_INFINITY });
      else for (const child of inner.children) this.particle(child, rule, min > 0 ? 1 : 0);
    } else if (node.tag === 'choice' || node.tag === 'all') {
      const names = new Set<string>();
      this.collect(node, rule, names);
      const optional = node.children.some(
        (child) => child.tag === 'element' && child.attrs.minOccurs === '0',
      );
      const repeat =
        node.tag === 'all' ||
        max > 1 ||
        node.children.some((c) => c.tag !== 'element' || occurs(c.attrs.maxOccurs, 1) > 1);
      slots.push({
        names,
        min: optional ? 0 : Math.min(min, 1),
        max: repeat ? Number.POSITIVE_INFINITY : max,
      });
    }
  }

  /** Every element name a particle may hold, with their rules. */
  private collect(node: XsdNode, rule: ElementRule, names: Set<string>): void {
    if (node.tag === 'element') {
      const child = this.element(node);
      rule.children.set(child.name, child);
      names.add(child.name);
    } else if (node.tag === 'group') {
      const group = this.groups.get(stripPrefix(node.attrs.ref ?? ''));
      for (const child of group?.children ?? []) this.collect(child, rule, names);
    } else if (node.tag === 'sequence' || node.tag === 'choice' || node.tag === 'all')
      for (const child of node.children) this.collect(child, rule, names);
  }
}

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../../../resources/fiscal/saft');

export type SaftCountry = 'PT' | 'AO';

export const SAFT_NAMESPACES: Record<string, SaftCountry> = {
  'urn:OECD:StandardAuditFile-Tax:PT_1.04_01': 'PT',
  'urn:OECD:StandardAuditFile-Tax:AO_1.01_01': 'AO',
};

const cache = new Map<SaftCountry, ElementRule>();

/**
 * A simple rule with every facet present (undefined when absent), in one order: all rules then share one
 * object shape, so the reader's per-leaf checks read them without megamorphic property loads (the facets
 * as the XSD lists them gave each type its own shape).
 */
const uniform = (rule: SimpleRule): SimpleRule => ({
  base: rule.base,
  minLength: rule.minLength,
  maxLength: rule.maxLength,
  length: rule.length,
  enumeration: rule.enumeration,
  minInclusive: rule.minInclusive,
  maxInclusive: rule.maxInclusive,
});

/**
 * Fills every rule's `index` and gives its simple rule the uniform shape (rules are shared and recursive:
 * each is visited once).
 */
function indexRules(rule: ElementRule, seen: Set<ElementRule>): void {
  if (seen.has(rule)) return;
  seen.add(rule);
  if (rule.simple) rule.simple = uniform(rule.simple);
  if (rule.index.size === 0)
    for (const [name, child] of rule.children) {
      const slots = rule.slots ?? [];
      const inSlot = new Uint8Array(slots.length);
      for (let i = 0; i < slots.length; i++) if (slots[i]?.names.has(name)) inSlot[i] = 1;
      rule.index.set(name, { rule: child, inSlot });
    }
  for (const child of rule.children.values()) indexRules(child, seen);
}

/** The rule of `AuditFile` for a country's schema (PT 1.04_01, AO 1.01_01), compiled once. */
export function auditFileRule(country: SaftCountry): ElementRule {
  const cached = cache.get(country);
  if (cached) return cached;
  const file =
    country === 'PT'
      ? path.join(SCHEMA_DIR, 'pt', 'SAFTPT_1_04_01.xsd')
      : path.join(SCHEMA_DIR, 'ao', 'SAFTAO1.01_01.xsd');
  const bytes = readFileSync(file);
  const text =
    country === 'PT'
      ? new TextDecoder('windows-1252').decode(bytes)
      : bytes.toString('utf8').replace(/^\uFEFF/, '');
  const compiler = new Compiler(parseXsd(text));
  const rule = compiler.element({ tag: 'element', attrs: { ref: 'AuditFile' }, children: [] });
  indexRules(rule, new Set());
  cache.set(country, rule);
  return rule;
}

// The simple types are checked with character loops (the same grammar as these expressions, which the
// reader ran on every leaf before and which cost more than the tokenizer): date /^\d{4}-\d{2}-\d{2}$/,
// dateTime /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/, decimal
// /^[+-]?(\d+(\.\d*)?|\.\d+)$/, integer /^[+-]?\d+$/ (xsd-rules.test.ts compares them on many strings).

// String methods are called as `charCodeAt.call(value, i)`: see xml-tokenizer.ts (String subclassed by
// a dependency makes `value.charCodeAt(i)` several times slower in optimized code).
const { charCodeAt, trim } = String.prototype;

const isDigit = (value: string, i: number) => {
  const c = charCodeAt.call(value, i);
  return c >= 48 && c <= 57;
};

function datePrefix(value: string): boolean {
  return (
    isDigit(value, 0) &&
    isDigit(value, 1) &&
    isDigit(value, 2) &&
    isDigit(value, 3) &&
    charCodeAt.call(value, 4) === 45 &&
    isDigit(value, 5) &&
    isDigit(value, 6) &&
    charCodeAt.call(value, 7) === 45 &&
    isDigit(value, 8) &&
    isDigit(value, 9)
  );
}

export function isDate(value: string): boolean {
  return value.length === 10 && datePrefix(value);
}

export function isDateTime(value: string): boolean {
  if (
    value.length < 19 ||
    !datePrefix(value) ||
    charCodeAt.call(value, 10) !== 84 ||
    !isDigit(value, 11) ||
    !isDigit(value, 12) ||
    charCodeAt.call(value, 13) !== 58 ||
    !isDigit(value, 14) ||
    !isDigit(value, 15) ||
    charCodeAt.call(value, 16) !== 58 ||
    !isDigit(value, 17) ||
    !isDigit(value, 18)
  )
    return false;
  let i = 19;
  if (charCodeAt.call(value, i) === 46) {
    const start = ++i;
    while (isDigit(value, i)) i++;
    if (i === start) return false;
  }
  if (i === value.length) return true;
  const c = charCodeAt.call(value, i);
  if (c === 90) return i + 1 === value.length;
  if (c === 43 || c === 45)
    return (
      i + 6 === value.length &&
      isDigit(value, i + 1) &&
      isDigit(value, i + 2) &&
      charCodeAt.call(value, i + 3) === 58 &&
      isDigit(value, i + 4) &&
      isDigit(value, i + 5)
    );
  return false;
}

export function isDecimal(value: string): boolean {
  let i = 0;
  const sign = charCodeAt.call(value, 0);
  if (sign === 43 || sign === 45) i++;
  const start = i;
  while (isDigit(value, i)) i++;
  const whole = i - start;
  if (charCodeAt.call(value, i) === 46) {
    const fraction = ++i;
    while (isDigit(value, i)) i++;
    if (whole === 0 && i === fraction) return false;
  } else if (whole === 0) return false;
  return i === value.length;
}

export function isInteger(value: string): boolean {
  let i = 0;
  const sign = charCodeAt.call(value, 0);
  if (sign === 43 || sign === 45) i++;
  const start = i;
  while (isDigit(value, i)) i++;
  return i > start && i === value.length;
}

/** Characters (code points), not UTF-16 units: a surrogate pair counts one. */
function characters(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const c = charCodeAt.call(value, i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = charCodeAt.call(value, i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

function lengthProblem(rule: SimpleRule, value: string, length: number): string | null {
  if (rule.length !== undefined && length !== rule.length)
    return `"${value.slice(0, 40)}" must have ${rule.length} characters`;
  if (rule.minLength !== undefined && length < rule.minLength)
    return value === '' ? 'is empty' : `"${value.slice(0, 40)}" is shorter than ${rule.minLength} characters`;
  if (rule.maxLength !== undefined && length > rule.maxLength)
    return `"${value.slice(0, 40)}…" is longer than ${rule.maxLength} characters`;
  return null;
}

/** Why a leaf's text breaks its simple type, or null when it is fine. */
export function checkSimple(rule: SimpleRule, raw: string): string | null {
  const base = rule.base;
  if (
    base === 'string' &&
    rule.length === undefined &&
    rule.minLength === undefined &&
    rule.maxLength === undefined &&
    rule.enumeration === undefined
  )
    return null;
  const value = base === 'string' || base === 'other' ? raw : trim.call(raw);
  switch (base) {
    case 'date':
      if (!isDate(value)) return `"${value.slice(0, 40)}" is not a date (YYYY-MM-DD)`;
      break;
    case 'dateTime':
      if (!isDateTime(value)) return `"${value.slice(0, 40)}" is not a date-time (YYYY-MM-DDThh:mm:ss)`;
      break;
    case 'decimal':
      if (!isDecimal(value)) return `"${value.slice(0, 40)}" is not a decimal number`;
      break;
    case 'integer':
      if (!isInteger(value)) return `"${value.slice(0, 40)}" is not an integer`;
      break;
    case 'nonNegativeInteger':
      if (!isInteger(value) || charCodeAt.call(value, 0) === 45)
        return `"${value.slice(0, 40)}" is not a non-negative integer`;
      break;
    default:
      break;
  }
  const minLength = rule.minLength;
  const maxLength = rule.maxLength;
  if (rule.length !== undefined || minLength !== undefined || maxLength !== undefined) {
    // The character count lies between half the UTF-16 length (pairs) and it: counted only when that matters.
    const units = value.length;
    if (
      rule.length !== undefined ||
      (minLength !== undefined && units < 2 * minLength - 1) ||
      (maxLength !== undefined && units > maxLength)
    ) {
      const exact = lengthProblem(rule, value, characters(value));
      if (exact !== null) return exact;
    }
  }
  if (rule.enumeration && !rule.enumeration.has(value))
    return `"${value.slice(0, 40)}" is not one of the allowed values`;
  // A decimal that is not negative is never below a lower bound of 0 (SAFmonetaryType, SAFdecimalType).
  if (base === 'decimal' && rule.minInclusive === 0 && rule.maxInclusive === undefined)
    return charCodeAt.call(value, 0) === 45 && Number(value) < 0 ? `${value} is below 0` : null;
  if (rule.minInclusive !== undefined || rule.maxInclusive !== undefined) {
    const number = Number(value);
    if (rule.minInclusive !== undefined && number < rule.minInclusive)
      return `${value} is below ${rule.minInclusive}`;
    if (rule.maxInclusive !== undefined && number > rule.maxInclusive)
      return `${value} is above ${rule.maxInclusive}`;
  }
  return null;
}
