import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderStatementPdf, type StatementPdfInput } from './statement-pdf.ts';

const statement: StatementPdfInput = {
  language: 'pt',
  organization: {
    name: 'Fluxo Demo, Lda',
    vatNumber: '509999990',
    country: 'PT',
    address: 'Rua Augusta, 100',
    postalCode: '1100-053',
    city: 'Lisboa',
    email: null,
    phone: null,
    logoUrl: null,
  },
  party: {
    name: 'Cliente Exemplo, S.A.',
    taxId: '508332346',
    country: 'PT',
    address: null,
    postalCode: null,
    city: 'Porto',
  },
  currency: 'EUR',
  period: { from: '2026-10-01', to: '2026-11-30' },
  openingBalance: 10_000,
  lines: [
    { date: '2026-10-05', document: 'FT 2026/3', debit: 123_000, credit: 0, balance: 133_000 },
    {
      date: '2026-10-20',
      document: 'RG 2026/1',
      description: 'Transferência',
      debit: 0,
      credit: 50_000,
      balance: 83_000,
    },
  ],
  closingBalance: 83_000,
  openItems: [
    {
      document: 'FT 2026/3',
      date: '2026-10-05',
      dueDate: '2026-11-04',
      total: 123_000,
      open: 73_000,
      daysOverdue: 21,
    },
  ],
  aging: { notDue: 10_000, days1to30: 73_000, days31to60: 0, days61to90: 0, over90: 0 },
};

describe('renderStatementPdf', () => {
  it('prints the movements with their running balance, the open items and the ageing', async () => {
    const text = await pdfText(await renderStatementPdf(statement));
    expect(text).toContain('Extrato de conta corrente');
    expect(text).toContain('Período de 01/10/2026 a 30/11/2026');
    expect(text).toContain('Cliente Exemplo, S.A.');
    expect(text).toContain('Saldo inicial');
    expect(text).toContain('FT 2026/3');
    expect(text).toContain('1 230,00 €');
    expect(text).toContain('Transferência');
    expect(text).toContain('Saldo final');
    expect(text).toContain('830,00 €');
    expect(text).toContain('Documentos em aberto');
    expect(text).toContain('21');
    expect(text).toContain('1–30 dias');
    expect(text).not.toContain('ATCUD');
  });

  // Rendered after the Portuguese one on purpose: a font shared between documents once wrote "." in
  // this one's text layer as "-" (glyphs remembered the characters of the first document).
  it('speaks the party language and says when the period has no movements', async () => {
    const text = await pdfText(
      await renderStatementPdf({ ...statement, language: 'fr', lines: [], openItems: [] }),
    );
    expect(text).toContain('Relevé de compte');
    expect(text).toContain('Aucun mouvement sur cette période.');
  });
});
