import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

// One pdfmake for the server: Roboto from the pdfmake package (Apache-2.0, see docs/billing.md), read
// once into pdfmake's in-memory file system, and no other file or URL reachable while rendering — a
// document definition holds user text (names, notes, a logo), and none of it may make the server read
// a local file or fetch a URL.

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;

/** pdfmake's in-memory file system: on the instance, not in its type definitions. */
const virtualFs = (
  pdfmake as unknown as { virtualfs: { writeFileSync(name: string, content: Buffer): void } }
).virtualfs;
let configured = false;

function configure(): void {
  if (configured) return;
  const require = createRequire(import.meta.url);
  const fontDir = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  for (const file of Object.values(FONT_FILES))
    virtualFs.writeFileSync(file, readFileSync(path.join(fontDir, file)));
  pdfmake.setFonts({ Roboto: { ...FONT_FILES } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  configured = true;
}

/** Renders a pdfmake document definition to a PDF (Roboto, A4 unless the definition says otherwise). */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  configure();
  const document = pdfmake.createPdf({
    pageSize: 'A4',
    ...definition,
    defaultStyle: { font: 'Roboto', fontSize: 9, ...definition.defaultStyle },
  });
  return Buffer.from(await document.getBuffer());
}
