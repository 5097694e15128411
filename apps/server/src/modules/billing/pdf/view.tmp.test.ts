import { writeFileSync } from 'node:fs';
import { it } from 'vitest';
import { renderDocumentPdf } from './document-pdf.ts';
import { fixtures } from './fixtures.tmp.ts';
import { atQrNode } from './qr-node.ts';
import { renderPdf } from './render-pdf.ts';

const time = async (label: string, f: () => Promise<unknown>) => {
  await f();
  const t = Date.now();
  for (let i = 0; i < 10; i++) await f();
  console.log(label, (Date.now() - t) / 10, 'ms');
};
it('writes', async () => {
  const { doc, org } = fixtures();
  const key = { certified: false, certificateNumber: '0' };
  writeFileSync('/tmp/pdfview/ft.pdf', await renderDocumentPdf(doc, org, key));
  await time('full', () => renderDocumentPdf(doc, org, key));
  await time('noqr', () => renderDocumentPdf({ ...doc, qrCode: null }, org, key));
  await time('text only', () => renderPdf({ content: [{ text: 'hello' }, { text: 'bold', bold: true }] }));
  await time('qr only', () => renderPdf({ content: [atQrNode(doc.qrCode!).node] }));
  await time('qrcode create', async () => atQrNode(doc.qrCode!));
});
