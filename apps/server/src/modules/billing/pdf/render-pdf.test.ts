import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderPdf } from './render-pdf.ts';

describe('renderPdf', () => {
  it('renders a definition to a PDF whose text reads back, accents and the euro sign included', async () => {
    const pdf = await renderPdf({ content: [{ text: 'Fatura FT A/1 — Olá, São João: 1 234,56 €' }] });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(pdf)).toContain('Fatura FT A/1 — Olá, São João: 1 234,56 €');
  });

  it('reads no local file and fetches no URL named in a definition', async () => {
    await expect(renderPdf({ content: [{ image: '/etc/passwd' }] })).rejects.toThrow(/denied|policy/i);
    await expect(renderPdf({ content: [{ image: 'https://example.com/logo.png' }] })).rejects.toThrow(
      /denied|policy|access/i,
    );
  });
});
