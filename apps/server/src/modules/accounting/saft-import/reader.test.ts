import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { generateSaft } from './generate.ts';
import { microToCents, readSaft, type SaftRecord, toMicro } from './reader.ts';
import { resetTokenizerThread, tokenizerThread } from './tokenizer-thread.ts';

async function text(options: Parameters<typeof generateSaft>[0]) {
  let xml = '';
  for await (const chunk of generateSaft(options)) xml += chunk;
  return xml;
}
function chunksOf(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}
const read = (xml: string) => readSaft(Readable.from([Buffer.from(xml, 'utf8')]));

describe('SAF-T reader', () => {
  it('reads decimals exactly and rounds to cents half away from zero', () => {
    expect(toMicro('2201.7838')).toBe(2_201_783_800n);
    expect(toMicro('-0.005')).toBe(-5_000n);
    expect(toMicro('1e3')).toBeNull();
    expect(microToCents(toMicro('0.005') as bigint)).toBe(1);
    expect(microToCents(toMicro('-0.005') as bigint)).toBe(-1);
  });

  it('reports a closing balance that opening + movements do not reach, and a control total that does not add up', async () => {
    const xml = (await text({ transactions: 5, invoices: 3 }))
      .replace(
        '<ClosingDebitBalance>5000.00</ClosingDebitBalance>',
        '<ClosingDebitBalance>5000.01</ClosingDebitBalance>',
      )
      .replace('<NumberOfEntries>3</NumberOfEntries>', '<NumberOfEntries>4</NumberOfEntries>');
    const result = await read(xml);
    const codes = result.issues.map((issue) => `${issue.severity}:${issue.code}`);
    expect(codes).toContain('warning:CLOSING_BALANCE');
    expect(codes).toContain('error:CONTROL_TOTAL');
  });

  it('names a value that breaks its simple type, with its line', async () => {
    const xml = (await text({ transactions: 1, invoices: 1 })).replace(
      '<InvoiceDate>2025-01-01</InvoiceDate>',
      '<InvoiceDate>01/01/2025</InvoiceDate>',
    );
    const result = await read(xml);
    expect(result.issues[0]).toMatchObject({ code: 'SCHEMA_INVALID_VALUE', element: 'InvoiceDate' });
    expect(result.issues[0]?.line).toBeGreaterThan(1);
  });

  it('refuses an element out of place and one the schema does not know', async () => {
    const base = await text({ transactions: 1, invoices: 1 });
    const swapped = await read(
      base
        .replace('<ATCUD>ABCD1234-1</ATCUD>', '')
        .replace('<Hash>0</Hash>', '<Hash>0</Hash><ATCUD>X-1</ATCUD>'),
    );
    expect(swapped.issues[0]?.code).toBe('SCHEMA_MISSING_ELEMENT');
    const unknown = await read(
      base.replace('<HashControl>0</HashControl>', '<HashControl>0</HashControl><Extra>1</Extra>'),
    );
    expect(unknown.issues[0]).toMatchObject({ code: 'SCHEMA_UNEXPECTED_ELEMENT', element: 'Extra' });
  });

  it('decodes Windows-1252', async () => {
    const xml = (await text({ transactions: 0, invoices: 0 })).replace(
      'encoding="UTF-8"',
      'encoding="Windows-1252"',
    );
    const bytes = Buffer.from(xml, 'latin1');
    const result = await readSaft(Readable.from([bytes]));
    expect(result.header.CompanyID).toContain('Conservatória');
  });

  it('refuses a tag, comment or CDATA section too long to buffer, and reads a long text in pieces', async () => {
    const base = await text({ transactions: 1, invoices: 1 });
    const comment = base.replace('<Header>', `<!--${'x'.repeat(1_200_000)}--><Header>`);
    const refused = await readSaft(Readable.from(chunksOf(Buffer.from(comment, 'utf8'), 64 * 1024)));
    expect(refused.issues.at(-1)).toMatchObject({ code: 'HOSTILE_XML' });
    const long = base.replace('<City>Lisboa</City>', `<City>${'Lisboa '.repeat(20_000)}</City>`);
    const read2 = await readSaft(Readable.from(chunksOf(Buffer.from(long, 'utf8'), 4096)));
    expect(read2.issues[0]).toMatchObject({
      code: 'HOSTILE_XML',
      message: expect.stringContaining('text longer'),
    });
  });

  describe('the tokenizer thread', () => {
    const readWith = async (bytes: Buffer, options: Parameters<typeof readSaft>[1] = {}) => {
      const records: SaftRecord[] = [];
      const result = await readSaft(Readable.from(chunksOf(bytes, 1000)), {
        ...options,
        onRecords: async (batch) => {
          records.push(...batch);
        },
      });
      return { result, records };
    };

    it('runs here (vitest), and gives what the same-thread path gives, also to reads made at once', async () => {
      expect(await tokenizerThread()).not.toBeNull();
      const bytes = Buffer.from(await text({ transactions: 20, invoices: 20 }), 'utf8');
      const alone = await readWith(bytes, { thread: false });
      expect(alone.result.counts.transactions).toBe(20);
      // Two at once: the second finds the thread busy and tokenizes on its own thread.
      const [first, second] = await Promise.all([readWith(bytes), readWith(bytes)]);
      expect(first).toEqual(alone);
      expect(second).toEqual(alone);
      // One big chunk goes to the thread in pieces: the same again.
      const whole = await readSaft(Readable.from([Buffer.concat([bytes, Buffer.alloc(2 << 20, 10)])]), {
        thread: false,
      });
      expect(await readSaft(Readable.from([Buffer.concat([bytes, Buffer.alloc(2 << 20, 10)])]))).toEqual(
        whole,
      );
      expect(whole.errorCount).toBe(0);
      const header = await readWith(bytes, { headerOnly: true });
      expect(header.result.header.TaxRegistrationNumber).toBe(alone.result.header.TaxRegistrationNumber);
    });

    it('never holds the process open once started', () => {
      const script = `import { tokenizerThread } from ${JSON.stringify(new URL('./tokenizer-thread.ts', import.meta.url).href)};
        if (!(await tokenizerThread())) process.exit(3);`;
      const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        timeout: 20_000,
      });
      expect(run.status).toBe(0);
    });

    it('is left for the same-thread path where it cannot start, and a stopped read frees it', async () => {
      const bytes = Buffer.from(await text({ transactions: 5, invoices: 5 }), 'utf8');
      const expected = await readWith(bytes, { thread: false });
      try {
        await resetTokenizerThread('throw new Error("no thread here")');
        expect(await tokenizerThread()).toBeNull();
        expect(await readWith(bytes)).toEqual(expected);
      } finally {
        await resetTokenizerThread();
      }
      // A read stopped by a fatal error (or by its consumer) releases the thread for the next one.
      const broken = await readWith(Buffer.from('<?xml version="1.0"?><Other/>', 'utf8'));
      expect(broken.result.issues.at(-1)?.code).toBe('NOT_SAFT');
      await expect(
        readSaft(Readable.from(chunksOf(bytes, 1000)), {
          onRecords: async () => {
            throw new Error('the writer failed');
          },
        }),
      ).rejects.toThrow('the writer failed');
      expect((await tokenizerThread())?.available).toBe(true);
      expect(await readWith(bytes)).toEqual(expected);
    });
  });
});
