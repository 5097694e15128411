import type { ContentQr } from 'pdfmake/interfaces';
import QRCode from 'qrcode';

/** 30 mm in PDF points: the smallest side the AT technical specification allows a printed QR code. */
const MIN_SIDE_POINTS = (30 / 25.4) * 72;
/** The AT specification: version 9 at least, byte mode, error correction M. */
const MIN_VERSION = 9;

/** The QR version pdfmake will draw `text` at: the smallest that holds it in byte mode, 9 or more. */
export function atQrVersion(text: string): number {
  const smallest = QRCode.create([{ data: Buffer.from(text, 'utf8'), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  }).version;
  return Math.max(MIN_VERSION, smallest);
}

/**
 * The pdfmake node of an AT QR code: byte mode, error correction M, version ≥ 9, each module a whole
 * number of points (pdfmake rounds the module size down) and the symbol at least 30 × 30 mm.
 */
export function atQrNode(text: string): { node: ContentQr; side: number } {
  const version = atQrVersion(text);
  const modules = 17 + 4 * version;
  const moduleSize = Math.ceil(MIN_SIDE_POINTS / modules);
  const side = modules * moduleSize;
  return { node: { qr: text, eccLevel: 'M', mode: 'octet', version, fit: side }, side };
}
