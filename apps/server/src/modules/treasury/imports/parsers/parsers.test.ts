import { execFileSync } from 'node:child_process';
import { constants, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCamt } from '../fixtures/generate-camt.ts';
import {
  FIXTURE_IBAN,
  SAMPLE_CLOSING_BALANCE,
  SAMPLE_MOVEMENTS,
  SAMPLE_OPENING_BALANCE,
  samplePath,
} from '../fixtures/index.ts';
import { decimalToMinor, localeAmountToMinor, minorToDecimal } from './amount.ts';
import { parseCamt } from './camt.ts';
import { readCsv } from './csv.ts';
import { excelSerialToDate, parseDateWithFormat } from './dates.ts';
import { detectFormat } from './detect.ts';
import { parseStatementFile, readTable } from './index.ts';
import { parseMt940 } from './mt940.ts';
import { parseOfx } from './ofx.ts';
import { guessMapping, headerAt, headerSignature, tableToStatement } from './tabular.ts';
import { isValidIban } from './text.ts';

const work = mkdtempSync(path.join(tmpdir(), 'fluxo-parsers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const chunks = (text: string | Buffer, size = 7) =>
  Readable.from(
    (function* () {
      const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );

async function rejection(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error as { code: string; details: { path: string; messageKey: string; message: string }[] };
  }
  throw new Error('expected a rejection');
}

describe('amounts', () => {
  it('reads decimals exactly, never rounding', () => {
    expect(decimalToMinor('1234.56', 2)).toEqual({ ok: true, value: 123_456 });
    expect(decimalToMinor('-0,5', 2)).toEqual({ ok: true, value: -50 });
    expect(decimalToMinor('0.10', 2)).toEqual({ ok: true, value: 10 });
    expect(decimalToMinor('1500', 0)).toEqual({ ok: true, value: 1500 });
    expect(decimalToMinor('12.000', 2)).toEqual({ ok: true, value: 1200 });
    expect(decimalToMinor('12.345', 2).ok).toBe(false);
    expect(decimalToMinor('1e5', 2).ok).toBe(false);
    expect(decimalToMinor('99999999999999999', 2)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('reads amounts as banks print them', () => {
    const pt = (text: string) => localeAmountToMinor(text, 2, true);
    expect(pt('1.234,56')).toEqual({ ok: true, value: 123_456 });
    expect(pt('-1 234,56')).toEqual({ ok: true, value: -123_456 });
    expect(pt('-1\u00a0234,56')).toEqual({ ok: true, value: -123_456 });
    expect(pt('(12,00)')).toEqual({ ok: true, value: -1200 });
    expect(pt('12,00-')).toEqual({ ok: true, value: -1200 });
    expect(pt('8.956,86 EUR')).toEqual({ ok: true, value: 895_686 });
    expect(pt('€ 3,5')).toEqual({ ok: true, value: 350 });
    expect(pt('1.5').ok).toBe(false);
    expect(pt('12,3O').ok).toBe(false);
    expect(localeAmountToMinor('1,234.56', 2, false)).toEqual({ ok: true, value: 123_456 });
    expect(localeAmountToMinor('1500', 0, false)).toEqual({ ok: true, value: 1500 });
    expect(minorToDecimal(-5, 2)).toBe('-0.05');
  });

  it('round-trips any amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom(0, 2, 3), (value, digits) => {
        expect(decimalToMinor(minorToDecimal(value, digits), digits)).toEqual({
          ok: true,
          value: value === 0 ? 0 : value,
        });
      }),
    );
  });
});

describe('dates', () => {
  it('reads the mapping formats and refuses impossible days', () => {
    expect(parseDateWithFormat('31-10-2026', 'DD-MM-YYYY')).toBe('2026-10-31');
    expect(parseDateWithFormat('05/04/26', 'DD/MM/YYYY')).toBe('2026-04-05');
    expect(parseDateWithFormat('04/05/2026', 'MM/DD/YYYY')).toBe('2026-04-05');
    expect(parseDateWithFormat('05.04.2026', 'DD.MM.YYYY')).toBe('2026-04-05');
    expect(parseDateWithFormat('2026-04-05', 'YYYY-MM-DD')).toBe('2026-04-05');
    expect(parseDateWithFormat('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseDateWithFormat('2026-04-05', 'DD/MM/YYYY')).toBeNull();
    expect(excelSerialToDate(46326)).toBe('2026-10-31');
    expect(excelSerialToDate(25569)).toBe('1970-01-01');
  });
});

describe('format detection', () => {
  it('tells the formats apart from their content', () => {
    const head = (name: Parameters<typeof samplePath>[0]) =>
      readFileSync(samplePath(name)).subarray(0, 65536);
    expect(detectFormat(head('camt053'))).toBe('camt053');
    expect(detectFormat(head('ofx'))).toBe('ofx');
    expect(detectFormat(head('mt940'))).toBe('mt940');
    expect(detectFormat(head('xlsx'))).toBe('xlsx');
    expect(detectFormat(head('csv1252'))).toBe('csv');
    expect(
      detectFormat(
        Buffer.from(
          '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"/>',
        ),
      ),
    ).toBe('camt054');
    expect(
      detectFormat(
        Buffer.from(
          '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.02"/>',
        ),
      ),
    ).toBe('camt052');
    expect(detectFormat(Buffer.from('<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX></OFX>'))).toBe('ofx');
    expect(detectFormat(Buffer.from('<html></html>'))).toBeNull();
    expect(detectFormat(Buffer.from([0, 1, 2]))).toBeNull();
  });
});

describe('CAMT.053', () => {
  it('reads the sample: balances, dates, signs, counterparty on each side, references', async () => {
    const statement = await parseStatementFile(samplePath('camt053'), 'camt053', { currency: 'EUR' });
    expect(statement).toMatchObject({
      accountIban: FIXTURE_IBAN,
      currency: 'EUR',
      openingBalance: { amount: SAMPLE_OPENING_BALANCE, date: '2026-10-01' },
      closingBalance: { amount: SAMPLE_CLOSING_BALANCE, date: '2026-10-31' },
    });
    expect(statement.entries).toHaveLength(SAMPLE_MOVEMENTS.length);
    for (const [index, movement] of SAMPLE_MOVEMENTS.entries()) {
      expect(statement.entries[index]).toMatchObject({
        bookingDate: movement.bookingDate,
        valueDate: movement.valueDate,
        amount: movement.amount,
        description: movement.description,
        counterpartyName: movement.counterpartyName,
        counterpartyIban: movement.counterpartyIban,
        remittanceInfo: movement.remittanceInfo,
        endToEndId: movement.endToEndId,
        bankReference: movement.bankReference,
      });
    }
  });

  it('reads namespaced camt.052 with pending entries left out, DtTm dates and structured references', async () => {
    const xml = `<?xml version="1.0"?>
<ns:Document xmlns:ns="urn:iso:std:iso:20022:tech:xsd:camt.052.001.08"><ns:BkToCstmrAcctRpt><ns:Rpt>
<ns:Acct><ns:Id><ns:IBAN>PT50 0035 0123 0001 2345 6781 8</ns:IBAN></ns:Id><ns:Ccy>EUR</ns:Ccy></ns:Acct>
<ns:Ntry><ns:Amt Ccy="EUR">10.5</ns:Amt><ns:CdtDbtInd>CRDT</ns:CdtDbtInd><ns:Sts><ns:Cd>BOOK</ns:Cd></ns:Sts>
<ns:BookgDt><ns:DtTm>2026-11-02T10:15:00+01:00</ns:DtTm></ns:BookgDt>
<ns:NtryDtls><ns:TxDtls><ns:RltdPties><ns:Dbtr><ns:Pty><ns:Nm>Cliente &amp; Filhos</ns:Nm></ns:Pty></ns:Dbtr>
<ns:Cdtr><ns:Pty><ns:Nm>Nós</ns:Nm></ns:Pty></ns:Cdtr></ns:RltdPties>
<ns:RmtInf><ns:Strd><ns:CdtrRefInf><ns:Ref>RF18539007547034</ns:Ref></ns:CdtrRefInf></ns:Strd></ns:RmtInf></ns:TxDtls></ns:NtryDtls>
</ns:Ntry>
<ns:Ntry><ns:Amt Ccy="EUR">99.00</ns:Amt><ns:CdtDbtInd>DBIT</ns:CdtDbtInd><ns:Sts><ns:Cd>PDNG</ns:Cd></ns:Sts>
<ns:BookgDt><ns:Dt>2026-11-03</ns:Dt></ns:BookgDt></ns:Ntry>
</ns:Rpt></ns:BkToCstmrAcctRpt></ns:Document>`;
    const statement = await parseCamt(chunks(xml), 'camt052');
    expect(statement.accountIban).toBe(FIXTURE_IBAN);
    expect(statement.entries).toEqual([
      expect.objectContaining({
        line: 4,
        bookingDate: '2026-11-02',
        amount: 1050,
        counterpartyName: 'Cliente & Filhos',
        remittanceInfo: 'RF18539007547034',
        description: 'RF18539007547034',
      }),
    ]);
  });

  it('refuses bad entries all at once, with their lines', async () => {
    const { xml } = generateCamt({ entries: 3, seed: 3, pretty: true });
    const broken = xml
      .replace('<Amt Ccy="EUR">', '<Amt Ccy="EUR">1,2,3')
      .replace(/<BookgDt><Dt>2025-01-01<\/Dt>/, '<BookgDt><Dt>2025-02-30</Dt>');
    const error = await rejection(parseCamt(chunks(broken, 4096), 'camt053'));
    expect(error.code).toBe('STATEMENT_REJECTED');
    expect(error.details.map((detail) => detail.messageKey)).toEqual([
      'TREASURY.IMPORT.REJECT.INVALID_AMOUNT',
      'TREASURY.IMPORT.REJECT.INVALID_DATE',
    ]);
    expect(error.details[0]?.path).toMatch(/^line \d+$/);
    const malformed = await rejection(parseCamt(chunks('<Document><Stmt></Document>'), 'camt053'));
    expect(malformed.details[0]?.messageKey).toBe('TREASURY.IMPORT.REJECT.MALFORMED');
    const deep = `<Document>${'<a>'.repeat(100)}${'</a>'.repeat(100)}</Document>`;
    expect((await rejection(parseCamt(chunks(deep, 4096), 'camt053'))).details[0]?.messageKey).toBe(
      'TREASURY.IMPORT.REJECT.TOO_DEEP',
    );
    const long = `<Document><Stmt><Id>${'x'.repeat(20_000)}</Id></Stmt></Document>`;
    expect((await rejection(parseCamt(chunks(long, 4096), 'camt053'))).details[0]?.messageKey).toBe(
      'TREASURY.IMPORT.REJECT.TEXT_TOO_LONG',
    );
  });

  it('round-trips every generated amount exactly (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), { minLength: 1, maxLength: 40 }),
        fc.constantFrom(['EUR', 2], ['JPY', 0], ['AOA', 2], ['BHD', 3]),
        fc.integer({ min: 1, max: 64 }),
        async (amounts, [currency, digits], chunkSize) => {
          const { xml, summary } = generateCamt({
            entries: amounts.length,
            amounts,
            currency: currency as string,
            digits: digits as number,
            openingBalance: -1234,
            entriesPerDay: 4,
          });
          const statement = await parseCamt(chunks(xml, chunkSize * 97), 'camt053');
          expect(statement.entries.map((entry) => entry.amount)).toEqual(amounts);
          expect(statement.closingBalance?.amount).toBe(summary.closingBalance);
          expect(statement.openingBalance?.amount).toBe(-1234);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('hostile XML', () => {
  it('refuses the sample XXE and billion-laughs files in well under a second', async () => {
    for (const name of ['hostileXxe', 'hostileBillionLaughs'] as const) {
      const started = performance.now();
      const error = await rejection(parseStatementFile(samplePath(name), 'camt053', { currency: 'EUR' }));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(error.details[0]?.messageKey).toBe('TREASURY.IMPORT.REJECT.DTD_FORBIDDEN');
      expect(() => detectFormat(readFileSync(samplePath(name)))).toThrow();
    }
  });

  it('never opens the file an external entity names', async () => {
    // The entity points at a FIFO: any reader would block on open() until a writer comes. After the
    // refusal, opening the FIFO for writing without blocking fails with ENXIO: nobody ever opened it to read.
    const fifo = path.join(work, 'secret.fifo');
    execFileSync('mkfifo', [fifo]);
    const xml = `<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY xxe SYSTEM "file://${fifo}">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry>
<AddtlNtryInf>&xxe;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const started = performance.now();
    // Split so that the DOCTYPE keyword straddles two chunks.
    const error = await rejection(parseCamt(chunks(xml, 30), 'camt053'));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.details[0]?.messageKey).toBe('TREASURY.IMPORT.REJECT.DTD_FORBIDDEN');
    expect(() => openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK)).toThrow(/ENXIO/);
    // OFX refuses declarations too.
    const late = await rejection(() =>
      parseOfx(Buffer.from(`OFXHEADER:100\n<!DOCTYPE x [<!ENTITY a "b">]><OFX></OFX>`)),
    );
    expect(late.details[0]?.messageKey).toBe('TREASURY.IMPORT.REJECT.DTD_FORBIDDEN');
  });
});

describe('OFX', () => {
  it('reads the SGML sample in Windows-1252: FITID, signs, names, ledger balance', () => {
    const statement = parseOfx(readFileSync(samplePath('ofx')));
    expect(statement).toMatchObject({
      accountIban: FIXTURE_IBAN,
      currency: 'EUR',
      openingBalance: null,
      closingBalance: { amount: SAMPLE_CLOSING_BALANCE, date: '2026-10-31' },
    });
    expect(statement.entries.map((entry) => entry.amount)).toEqual(
      SAMPLE_MOVEMENTS.map((movement) => movement.amount),
    );
    expect(statement.entries[1]).toMatchObject({
      bookingDate: '2026-10-02',
      providerTransactionId: 'CGD26100200002',
      counterpartyName: 'Instituto da Segurança Social, I',
      remittanceInfo: 'Contribuições setembro 2026',
    });
  });

  it('reads OFX 2 XML with closed elements and entities', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><?OFX OFXHEADER="200" VERSION="220"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF>
<BANKACCTFROM><BANKID>1</BANKID><ACCTID>12345</ACCTID></BANKACCTFROM><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261102120000.000[-5:EST]</DTPOSTED><TRNAMT>-1,234.5</TRNAMT><FITID>A1</FITID><NAME>Tom &amp; Jerry</NAME></STMTTRN>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261103</DTPOSTED><TRNAMT>+20</TRNAMT><FITID>A2</FITID><MEMO>Refund</MEMO></STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    const error = (() => {
      try {
        return parseOfx(Buffer.from(xml));
      } catch (caught) {
        return caught as { details: { path: string; messageKey: string }[] };
      }
    })();
    // "-1,234.5" is not an OFX amount (no grouping): refused with its line.
    expect(error).toMatchObject({
      details: [{ path: 'line 4', messageKey: 'TREASURY.IMPORT.REJECT.INVALID_AMOUNT' }],
    });
    const statement = parseOfx(Buffer.from(xml.replace('-1,234.5', '-1234.5')));
    expect(statement.accountIban).toBeNull();
    expect(statement.entries).toEqual([
      expect.objectContaining({
        bookingDate: '2026-11-02',
        amount: -123_450,
        counterpartyName: 'Tom & Jerry',
        providerTransactionId: 'A1',
      }),
      expect.objectContaining({ bookingDate: '2026-11-03', amount: 2000, description: 'Refund' }),
    ]);
  });
});

describe('MT940', () => {
  it('reads the sample: account, balances, entry dates, references, wrapped :86:', () => {
    const statement = parseMt940(readFileSync(samplePath('mt940')));
    expect(statement).toMatchObject({
      accountIban: FIXTURE_IBAN,
      currency: 'EUR',
      openingBalance: { amount: SAMPLE_OPENING_BALANCE, date: '2026-10-01' },
      closingBalance: { amount: SAMPLE_CLOSING_BALANCE, date: '2026-10-31' },
    });
    expect(statement.entries.map((entry) => entry.amount)).toEqual(
      SAMPLE_MOVEMENTS.map((movement) => movement.amount),
    );
    expect(statement.entries[2]).toMatchObject({
      valueDate: '2026-10-04',
      bookingDate: '2026-10-05',
      bankReference: 'CGD26100500003',
    });
    expect(statement.entries[1]?.description).toBe(
      'PAGAMENTO SEGURANCA SOCIAL INSTITUTO DA SEGURANCA SOCIAL, I.P. CONTRIBUICOES SETEMBRO 2026',
    );
  });

  it('reads reversals, year ends and structured :86: sub-fields', () => {
    const text = [
      ':20:X',
      ':25:0035/123456',
      ':60F:D261231EUR100,00',
      ':61:2612310102RD50,NMSCREF1',
      ':86:166?00SEPA?20Rueckbuchung?21Teil 2?32Fornecedor?33 Lda?31PT50003501230001234567818',
      ':61:261231C1,5NTRFNONREF',
      ':86:/EREF/E2E-1/IBAN/PT50003501230001234567818/NAME/Cliente Norte/REMI/USTD//FT 1/2026/',
      ':61:261231RC2,00NTRFNONREF',
      ':86:TRF DE MARIA SILVA',
      ':62F:D261231EUR50,50',
    ].join('\n');
    const statement = parseMt940(Buffer.from(text));
    expect(statement.accountIban).toBeNull();
    expect(statement.entries).toEqual([
      expect.objectContaining({
        bookingDate: '2027-01-02',
        valueDate: '2026-12-31',
        amount: 5000,
        bankReference: 'REF1',
        counterpartyName: 'Fornecedor Lda',
        description: 'Rueckbuchung Teil 2',
        counterpartyIban: FIXTURE_IBAN,
      }),
      expect.objectContaining({
        amount: 150,
        bankReference: null,
        counterpartyName: 'Cliente Norte',
        endToEndId: 'E2E-1',
        remittanceInfo: 'FT 1/2026',
      }),
      expect.objectContaining({ amount: -200, counterpartyName: 'MARIA SILVA' }),
    ]);
    expect(statement.closingBalance).toEqual({ amount: -5050, date: '2026-12-31' });
    const bad = (() => {
      try {
        parseMt940(Buffer.from(text.replace(':61:261231C1,5', ':61:261341C1,5')));
      } catch (error) {
        return error as { details: { path: string; messageKey: string }[] };
      }
    })();
    expect(bad?.details).toEqual([
      expect.objectContaining({ path: 'line 6', messageKey: 'TREASURY.IMPORT.REJECT.INVALID_DATE' }),
    ]);
  });
});

describe('CSV and XLSX', () => {
  it('reads the Windows-1252 CGD export: preamble, ";" with decimal comma, newest first, footer', async () => {
    const table = await readTable(samplePath('csv1252'), 'csv');
    expect(table).toMatchObject({ encoding: 'windows-1252', delimiter: ';' });
    const mapping = guessMapping(table);
    expect(mapping).toMatchObject({
      skipRows: 4,
      dateFormat: 'DD-MM-YYYY',
      decimalComma: true,
      date: 0,
      valueDate: 1,
      description: 2,
      debit: 3,
      credit: 4,
      balance: 5,
    });
    const statement = tableToStatement(table, mapping!, 'csv', 'EUR');
    expect(statement.entries.map((entry) => entry.amount)).toEqual(
      SAMPLE_MOVEMENTS.map((movement) => movement.amount),
    );
    expect(statement.entries[1]).toMatchObject({ description: 'PAGAMENTO SEGURANÇA SOCIAL', line: 14 });
    expect(statement.openingBalance).toEqual({ amount: SAMPLE_OPENING_BALANCE, date: '2026-10-01' });
    expect(statement.closingBalance).toEqual({ amount: SAMPLE_CLOSING_BALANCE, date: '2026-10-28' });
    // The same bytes read as UTF-8 lose the accents, but the header signature of a profile still matches.
    const utf8 = readCsv(readFileSync(samplePath('csv1252')), { encoding: 'utf-8', delimiter: ';' });
    expect(headerAt(utf8, 4)[2]).not.toBe('Descrição');
    expect(headerSignature(headerAt(table, 4))).toBe(
      'data mov|data valor|descricao|debito|credito|saldo contabilistico|saldo disponivel|categoria|',
    );
  });

  it('reads ISO-8859-1, commas and quoted cells, a signed amount column and an optional balance', () => {
    const text =
      'Date,Description,Amount\n"2026-11-01","Caf\u00e9, bica",-1.20\n2026-11-02,Venda,"1,234.50"\n';
    const table = readCsv(iconv.encode(text, 'iso-8859-1'), { encoding: 'iso-8859-1' });
    const mapping = guessMapping(table);
    expect(mapping).toMatchObject({
      delimiter: ',',
      decimalComma: false,
      dateFormat: 'YYYY-MM-DD',
      amount: 2,
    });
    expect(tableToStatement(table, mapping!, 'csv', 'EUR').entries).toEqual([
      expect.objectContaining({ line: 2, description: 'Café, bica', amount: -120 }),
      expect.objectContaining({ line: 3, amount: 123_450 }),
    ]);
  });

  it('refuses the bad line of the sample with its number and reason', async () => {
    const table = await readTable(samplePath('badLineCsv'), 'csv');
    const error = await rejection(() => tableToStatement(table, guessMapping(table)!, 'csv', 'EUR'));
    expect(error.details).toEqual([
      {
        path: 'line 4',
        messageKey: 'TREASURY.IMPORT.REJECT.INVALID_AMOUNT',
        message: '"-45,9O" is not an amount.',
      },
    ]);
  });

  it('reads the XLSX sample with real Excel dates and numbers', async () => {
    const table = await readTable(samplePath('xlsx'), 'xlsx');
    const mapping = guessMapping(table);
    expect(mapping).toMatchObject({
      skipRows: 1,
      date: 0,
      valueDate: 1,
      description: 2,
      amount: 3,
      balance: 4,
      reference: 5,
    });
    const statement = tableToStatement(table, mapping!, 'xlsx', 'EUR');
    expect(statement.entries.map((entry) => [entry.bookingDate, entry.amount])).toEqual(
      SAMPLE_MOVEMENTS.map((movement) => [movement.bookingDate, movement.amount]),
    );
    expect(statement.closingBalance?.amount).toBe(SAMPLE_CLOSING_BALANCE);
    const broken = path.join(work, 'broken.xlsx');
    writeFileSync(broken, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]));
    expect((await rejection(readTable(broken, 'xlsx'))).details[0]?.messageKey).toBe(
      'TREASURY.IMPORT.REJECT.MALFORMED',
    );
  });

  it('builds valid IBANs for the samples', () => {
    expect(isValidIban(FIXTURE_IBAN)).toBe(true);
    expect(FIXTURE_IBAN.startsWith('PT50')).toBe(true);
  });
});
