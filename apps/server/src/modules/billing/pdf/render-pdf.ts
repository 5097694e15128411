import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

// One pdfmake for the server: Roboto from the pdfmake package (Apache-2.0, see docs/billing.md), and no
// file or URL reachable while rendering — a document definition holds user text (names, notes, a
// logo), and none of it may make the server read a local file or fetch a URL.
//
// Speed: pdfkit parses a font file anew for every document, which was most of a render's time. Each
// font is parsed once here instead: pdfmake's in-memory file system holds a short marker per font, and a
// font "format" registered with pdfkit's fontkit recognises the marker and answers the parsed font —
// its tables shared, its glyph cache the document's own (see the constructor below).

const FONT_FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
} as const;
const MARKER = 'fluxo-parsed-font:';

interface Fontkit {
  create(buffer: Uint8Array): object;
  registerFormat(format: unknown): void;
}

/** pdfmake's in-memory file system: on the instance, not in its type definitions. */
const virtualFs = (
  pdfmake as unknown as { virtualfs: { writeFileSync(name: string, content: Buffer): void } }
).virtualfs;
let configured = false;

function configure(): void {
  if (configured) return;
  const fromPdfmake = createRequire(createRequire(import.meta.url).resolve('pdfmake/package.json'));
  // The fontkit pdfkit itself loads, so that the format below is the one it consults.
  const fontkit = createRequire(fromPdfmake.resolve('pdfkit')).resolve('fontkit');
  const kit = createRequire(import.meta.url)(fontkit) as Fontkit;
  const fontDir = path.join(path.dirname(fromPdfmake.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  const parsed = new Map<string, object>();
  for (const file of Object.values(FONT_FILES))
    parsed.set(file, kit.create(readFileSync(path.join(fontDir, file))));
  const nameOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
  class ParsedFont {
    static probe(bytes: Uint8Array): boolean {
      return nameOf(bytes.subarray(0, MARKER.length)) === MARKER;
    }
    constructor(stream: { buffer: Uint8Array }) {
      const font = parsed.get(nameOf(stream.buffer).slice(MARKER.length));
      if (!font) throw new Error('Unknown parsed font');
      // The parsed tables are shared; the glyphs (which remember the characters they were first
      // met as, and so write the document's text layer) and the layout engine are the document's own.
      const own = Object.create(font) as { _glyphs: object };
      own._glyphs = {};
      // biome-ignore lint/correctness/noConstructorReturn: fontkit builds fonts with `new format(stream)`; this format answers a font parsed once.
      return own as ParsedFont;
    }
  }
  kit.registerFormat(ParsedFont);
  for (const file of Object.values(FONT_FILES))
    virtualFs.writeFileSync(file, Buffer.from(`${MARKER}${file}`, 'latin1'));
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
