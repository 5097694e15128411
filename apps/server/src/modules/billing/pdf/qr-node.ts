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

/** Encodes at version 9, or at the smallest version that holds the text when 9 cannot (one encoding). */
function encode(text: string) {
  try {
    return QRCode.create(bytesOf(text), { errorCorrectionLevel: 'M', version: MIN_VERSION });
  } catch {
    return QRCode.create(bytesOf(text), { errorCorrectionLevel: 'M' });
  }
}

/**
 * An AT QR code laid out for print: its version, its side in points (whole points per module, the
 * symbol at least 30 × 30 mm), and its canvas with the top-left corner at a point of the page, on a
 * white square (the quiet zone is the white page around it). The canvas is for a page's background
 * (laid out from the page's corner): pdfmake moves a canvas's rectangles and lines to where it lays
 * the node out, but not its paths, so everything is written at its place on the page.
 */
export function atQrCode(text: string): {
  version: number;
  side: number;
  canvasAt(at: { x: number; y: number }): ContentCanvas;
} {
  const { modules, version } = encode(text);
  const count = modules.size;
  const unit = Math.ceil(MIN_SIDE_POINTS / count);
  const side = count * unit;
  return {
    version,
    side,
    canvasAt(at) {
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
          const width = (column - start) * unit;
          path.push(`M${at.x + start * unit} ${at.y + row * unit}h${width}v${unit}h${-width}z`);
        }
      }
      return {
        canvas: [
          { type: 'rect', x: at.x, y: at.y, w: side, h: side, color: 'white', lineWidth: 0 },
          // pdfmake draws SVG paths (Renderer `case 'path'`); its type definitions omit them.
          { type: 'path', d: path.join(''), color: 'black', lineWidth: 0 } as unknown as CanvasElement,
        ],
      };
    },
  };
}
