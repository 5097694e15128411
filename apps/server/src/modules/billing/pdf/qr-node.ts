import type { CanvasElement, ContentCanvas } from 'pdfmake/interfaces';
import QRCode from 'qrcode';

// The AT QR code as a pdfmake canvas: the `qrcode` package encodes it (byte mode, error correction M,
// version 9 or more as the AT technical specification asks), and every row's runs of dark modules go
// into ONE filled path. pdfmake's own `qr` node draws each module as its own rectangle with its own
// colour — about 1,400 drawing operations for a version 9 code, a third of a document's render time.

/** 30 mm in PDF points: the smallest side the AT technical specification allows a printed QR code. */
const MIN_SIDE_POINTS = (30 / 25.4) * 72;
/** The AT specification: version 9 at least, byte mode, error correction M. */
const MIN_VERSION = 9;

const bytesOf = (text: string) => [{ data: Buffer.from(text, 'utf8'), mode: 'byte' as const }];

/** The QR version `text` is printed at: the smallest that holds it in byte mode, 9 or more. */
export function atQrVersion(text: string): number {
  const smallest = QRCode.create(bytesOf(text), { errorCorrectionLevel: 'M' }).version;
  return Math.max(MIN_VERSION, smallest);
}

/** The side in points an AT QR code of `text` is printed at: whole points per module, ≥ 30 mm. */
export function atQrSide(text: string): number {
  const count = 17 + 4 * atQrVersion(text);
  return count * Math.ceil(MIN_SIDE_POINTS / count);
}

/**
 * The canvas of an AT QR code with its top-left corner at `at` on the page: whole points per module, the
 * symbol at least 30 × 30 mm, on a white square (the quiet zone is the white page around it). For a
 * page's background (laid out from the page's corner): pdfmake moves a canvas's rectangles and lines
 * to where it lays the node out, but not its paths, so everything is written at its place on the page.
 */
export function atQrNode(text: string, at: { x: number; y: number }): { node: ContentCanvas; side: number } {
  const { modules } = QRCode.create(bytesOf(text), {
    errorCorrectionLevel: 'M',
    version: atQrVersion(text),
  });
  const count = modules.size;
  const unit = Math.ceil(MIN_SIDE_POINTS / count);
  const side = count * unit;
  const path: string[] = [];
  for (let row = 0; row < count; row += 1) {
    let column = 0;
    while (column < count) {
      if (!modules.data[row * count + column]) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < count && modules.data[row * count + column]) column += 1;
      path.push(
        `M${at.x + start * unit} ${at.y + row * unit}h${(column - start) * unit}v${unit}h${-(column - start) * unit}z`,
      );
    }
  }
  return {
    node: {
      canvas: [
        { type: 'rect', x: at.x, y: at.y, w: side, h: side, color: 'white', lineWidth: 0 },
        // pdfmake draws SVG paths (Renderer `case 'path'`); its type definitions omit them.
        { type: 'path', d: path.join(''), color: 'black', lineWidth: 0 } as unknown as CanvasElement,
      ],
    },
    side,
  };
}
