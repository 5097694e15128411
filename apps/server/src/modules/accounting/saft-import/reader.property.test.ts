import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSaft } from './generate.ts';
import { readSaft, type SaftReadResult, type SaftRecord, toMicro } from './reader.ts';
import { readSaftReference, toMicroReference } from './test/reader-saxes.ts';
import { isDate, isDateTime, isDecimal, isInteger } from './xsd-rules.ts';

// Differential test of the hand-written tokenizer and the faster schema checks: for generated SAF-T files
// and mutated ones (elements dropped, repeated, renamed; texts corrupted; markup inserted; tokens
// deleted; truncated), fed in chunks of random sizes, the reader gives the same result as the saxes-based
// reader it replaces (test/reader-saxes.ts): the same issues (code, message, line, element, document),
// counts, totals and records. One difference is allowed: the wording of MALFORMED_XML messages (saxes
// words its own); their code and line must still agree.

async function generated(transactions: number, invoices: number): Promise<string> {
  let xml = '';
  for await (const chunk of generateSaft({ transactions, invoices })) xml += chunk;
  return xml;
}

const TOKEN = /<[^>]*>|[^<]+/g;

/** The index of the end tag closing the start tag at `start` (or -1). */
function matching(tokens: string[], start: number): number {
  let depth = 0;
  for (let i = start; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (token.startsWith('</')) depth--;
    else if (
      token.startsWith('<') &&
      !token.startsWith('<?') &&
      !token.startsWith('<!') &&
      !token.endsWith('/>')
    )
      depth++;
    if (depth === 0) return i;
  }
  return -1;
}

const startTags = (tokens: string[]) =>
  tokens.flatMap((token, i) => (/^<[A-Za-z]/.test(token) && !token.endsWith('/>') ? [i] : []));

const NAMES = [
  'Invoice',
  'Line',
  'DebitLine',
  'Description',
  'ATCUD',
  'Hash',
  'Extra',
  'TaxPayable',
  'Customer',
  'Period',
  'x:Invoice',
];
const TEXT_PIECES = [
  'a',
  '1',
  '0',
  '.',
  '-',
  '+',
  ':',
  'T',
  'Z',
  ' ',
  '\n',
  '\r\n',
  '\t',
  'ç',
  '€',
  '😀',
  '&amp;',
  '&lt;',
  '&#65;',
  '&#x1F600;',
  '&#0;',
  '&bogus;',
  '&',
  '<',
  '>',
  ']]>',
  '2025-01-01',
  '2025-01-01T10:00:00',
  '12.5',
  '\u0001',
];
const MARKUP = [
  '<!-- note -->',
  '<!-- a -- b -->',
  '<![CDATA[x<y & z]]>',
  '<?pi data?>',
  '<?xml version="1.0"?>',
  '<!DOCTYPE x>',
  '<!ENTITY y "z">',
  '<a/>',
  '</b>',
  '<Extra>1</Extra>',
  '\n',
  '\r\n',
  '  ',
  'text',
  '<Hash a="1" b=\'&amp;\'>',
  '<Hash a="1" a="2">',
  '<Hash a=1>',
  '<Hash a="<">',
];

type Mutation =
  | { kind: 'drop' | 'repeat'; at: number }
  | { kind: 'rename'; at: number; name: string; both: boolean }
  | { kind: 'text'; at: number; text: string }
  | { kind: 'delete'; at: number }
  | { kind: 'insert'; at: number; markup: string }
  | { kind: 'truncate'; at: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom('drop' as const, 'repeat' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('rename' as const),
    at: fc.nat(),
    name: fc.constantFrom(...NAMES),
    both: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('text' as const),
    at: fc.nat(),
    text: fc.array(fc.constantFrom(...TEXT_PIECES), { maxLength: 6 }).map((parts) => parts.join('')),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), markup: fc.constantFrom(...MARKUP) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

function mutate(xml: string, mutations: Mutation[]): string {
  let tokens = xml.match(TOKEN) ?? [];
  for (const m of mutations) {
    const starts = startTags(tokens);
    if (m.kind === 'drop' || m.kind === 'repeat' || m.kind === 'rename') {
      if (starts.length === 0) continue;
      const start = starts[m.at % starts.length] as number;
      const end = matching(tokens, start);
      if (end === -1) continue;
      if (m.kind === 'drop') tokens.splice(start, end - start + 1);
      else if (m.kind === 'repeat') tokens.splice(end + 1, 0, ...tokens.slice(start, end + 1));
      else if (m.kind === 'rename') {
        const old = (tokens[start] as string).match(/^<([^\s/>]+)/)?.[1] ?? '';
        tokens[start] = (tokens[start] as string).replace(old, m.name);
        if (m.both) tokens[end] = `</${m.name}>`;
      }
    } else if (m.kind === 'text') {
      const texts = tokens.flatMap((token, i) => (token.startsWith('<') ? [] : [i]));
      if (texts.length > 0) tokens[texts[m.at % texts.length] as number] = m.text;
    } else if (m.kind === 'delete') {
      if (tokens.length > 0) tokens.splice(m.at % tokens.length, 1);
    } else if (m.kind === 'insert') tokens.splice(m.at % (tokens.length + 1), 0, m.markup);
    else {
      const text = tokens.join('');
      tokens = text.slice(0, m.at % (text.length + 1)).match(TOKEN) ?? [];
    }
  }
  return tokens.join('');
}

function chunks(bytes: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  for (let i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] as number;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

function comparable(result: SaftReadResult) {
  return {
    ...result,
    // Where a fatal error is seen can differ by a token, hence by a chunk.
    bytesRead: result.fatal ? 0 : result.bytesRead,
    issues: result.issues.map((issue) =>
      issue.code === 'MALFORMED_XML' ? { ...issue, message: 'malformed' } : issue,
    ),
  };
}

async function both(bytes: Buffer, sizes: number[]) {
  const ours: SaftRecord[] = [];
  const theirs: SaftRecord[] = [];
  const parts = chunks(bytes, sizes);
  const result = await readSaft(Readable.from(parts), {
    onRecords: async (records) => {
      ours.push(...records);
    },
  });
  const reference = await readSaftReference(Readable.from(parts), {
    onRecords: async (records) => {
      theirs.push(...records);
    },
  });
  // The tokenizer on the reader's own thread (the fallback) reads exactly as on the tokenizer thread.
  const here: SaftRecord[] = [];
  const sameThread = await readSaft(Readable.from(parts), {
    thread: false,
    onRecords: async (records) => {
      here.push(...records);
    },
  });
  expect(sameThread).toEqual(result);
  expect(here).toEqual(ours);
  return { result, reference, ours, theirs };
}

async function expectSame(xml: string, sizes: number[], encoding: 'utf8' | 'win1252' = 'utf8') {
  const bytes =
    encoding === 'utf8'
      ? Buffer.from(xml, 'utf8')
      : Buffer.from(xml.replace('encoding="UTF-8"', 'encoding="Windows-1252"'), 'latin1');
  const { result, reference, ours, theirs } = await both(bytes, sizes);
  const last = reference.issues.at(-1);
  if (reference.fatal && last?.code === 'MALFORMED_XML') {
    // saxes sometimes reads on past the fault (after a bare "&" it looked for the reference's end up to the
    // end of the file) and reports it later: both refuse the file as malformed, ours where it is.
    expect(result.fatal).toBe(true);
    expect(result.issues.at(-1)).toMatchObject({ code: 'MALFORMED_XML', line: expect.any(Number) });
    return result;
  }
  expect(comparable(result)).toEqual(comparable(reference));
  // Records handed over before a fatal error are dropped by the import (one transaction).
  if (!reference.fatal) expect(ours).toEqual(theirs);
  return result;
}

describe('SAF-T reader, against the saxes-based reader it replaced', () => {
  it('reads generated files alike, whatever the chunk sizes', async () => {
    const xml = await generated(4, 4);
    for (const sizes of [[1], [7], [64, 3], [4096], [1 << 20]]) {
      const result = await expectSame(xml, sizes);
      expect(result.errorCount).toBe(0);
    }
    await expectSame(xml, [13], 'win1252');
  });

  it('gives the same issues, lines, counts, totals and records for mutated files', async () => {
    const bases = [await generated(1, 1), await generated(2, 3), await generated(0, 2)];
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: bases.length - 1 }),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (base, mutations, sizes, win1252) => {
          await expectSame(mutate(bases[base] as string, mutations), sizes, win1252 ? 'win1252' : 'utf8');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('agrees on line numbers across multi-line tags, comments, CDATA and references', async () => {
    const xml = (await generated(1, 1))
      .replace('<CompanyName>', '<!-- a\ncomment -->\n<CompanyName\n>')
      .replace('<City>Lisboa</City>', '<City><![CDATA[Lis\nboa]]> &amp; &#233;vora</City>')
      .replace('<InvoiceDate>2025-01-01</InvoiceDate>', '<InvoiceDate>\n01/01/2025\n</InvoiceDate\n>')
      .replace('<Period>1</Period>', '<Period>1</Period><?pi\nx?>');
    for (const sizes of [[1], [5, 11], [1 << 16]]) {
      const result = await expectSame(xml, sizes);
      expect(result.issues[0]).toMatchObject({ code: 'SCHEMA_INVALID_VALUE', element: 'InvoiceDate' });
    }
  });

  it('refuses what saxes refused, with the same code and, for the usual faults, the same line', async () => {
    const xml = await generated(1, 1);
    const sameLine = [
      xml.replace('</CompanyName>', '</CompanyNam>'),
      xml.replace('</AuditFile>', ''),
      `${xml}<AuditFile/>`,
      `${xml}text`,
      xml.replace('<City>Lisboa', '<City>&nbsp;Lisboa'),
      xml.replace('<City>Lisboa', '<City>\u0001Lisboa'),
      xml.replace('<Header>', '<?xml version="1.0"?><Header>'),
      xml.replace('<Header>', '<!DOCTYPE x>\n<Header>'),
      xml.slice(0, xml.length / 2),
      '<?xml version="1.0"?>',
    ];
    const sameCode = [
      xml.replace('<City>Lisboa', '<City>Lis & boa'),
      `${'<a>'.repeat(40)}`,
      `<?xml version="1.0"?><AuditFile xmlns="urn:OECD:StandardAuditFile-Tax:PT_1.04_01">${'<a>'.repeat(50)}</AuditFile>`,
      '<?xml version="1.0"?><Other/>',
      '',
    ];
    for (const text of [...sameLine, ...sameCode]) {
      for (const sizes of [[17], [1 << 16]]) {
        const bytes = Buffer.from(text, 'utf8');
        const { result, reference } = await both(bytes, sizes);
        expect(result.fatal).toBe(true);
        expect(result.issues.at(-1)?.code).toBe(reference.issues.at(-1)?.code);
        if (sameLine.includes(text)) expect(result.issues.at(-1)?.line).toBe(reference.issues.at(-1)?.line);
      }
    }
  });
});

describe('simple-type character loops, against the regular expressions they replaced', () => {
  const DATE = /^\d{4}-\d{2}-\d{2}$/;
  const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
  const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
  const INTEGER = /^[+-]?\d+$/;
  const text = fc
    .array(fc.constantFrom('0', '1', '9', '-', '+', '.', ':', 'T', 'Z', ' ', 'a', '٣', '\n'), {
      maxLength: 30,
    })
    .map((parts) => parts.join(''));
  const near = fc
    .tuple(fc.constantFrom('2025-01-31', '2025-01-31T10:00:00', '12.50', '-3', '+.5', '5.'), text)
    .map(([a, b]) => a + b);

  it('accept exactly the same strings', () => {
    fc.assert(
      fc.property(fc.oneof(text, near, fc.string()), (value) => {
        expect(isDate(value)).toBe(DATE.test(value));
        expect(isDateTime(value)).toBe(DATE_TIME.test(value));
        expect(isDecimal(value)).toBe(DECIMAL.test(value));
        expect(isInteger(value)).toBe(INTEGER.test(value));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('decimal reading without a regular expression, against the one it replaced', () => {
  it('gives the same millionths for the same text', () => {
    const decimal = fc
      .array(fc.constantFrom('0', '1', '5', '9', '.', '-', '+', ' ', 'e', '\n'), { maxLength: 22 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(decimal, fc.string()), (text) => {
        expect(toMicro(text)).toBe(toMicroReference(text));
      }),
      { numRuns: 5000 },
    );
    for (const text of [
      '999999999.999999',
      '1000000000.5',
      '-0',
      '5.',
      '.5',
      '.',
      '',
      '0.0000005',
      '0.00000049',
    ])
      expect(toMicro(text)).toBe(toMicroReference(text));
  });
});
