import { readFileSync } from 'node:fs';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrPixels } from './decode-qr.ts';

const examples: { qr: string }[] = JSON.parse(
  readFileSync(
    new URL('../../../../../../server/resources/fiscal/qr/at-examples.json', import.meta.url),
    'utf8',
  ),
).examples;

/** The QR image an invoice prints (error correction M, 4-module quiet zone) as RGBA pixels. */
function render(text: string, moduleSize = 4, invert = false) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * moduleSize;
  const data = new Uint8ClampedArray(side * side * 4);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / moduleSize) - 4;
      const my = Math.floor(y / moduleSize) - 4;
      const dark = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(mx, my) === 1;
      const value = dark !== invert ? 0 : 255;
      data.set([value, value, value, 255], (y * side + x) * 4);
    }
  return { data, side };
}

describe('reading the AT QR code from pixels', () => {
  it.each(examples)('reads the AT worked example back exactly', ({ qr }) => {
    const { data, side } = render(qr);
    expect(decodeQrPixels(data, side, side)).toBe(qr);
  });

  it('reads a light-on-dark code, and finds nothing on a blank page', () => {
    const { data, side } = render(examples[1]!.qr, 3, true);
    expect(decodeQrPixels(data, side, side)).toBe(examples[1]!.qr);
    expect(decodeQrPixels(new Uint8ClampedArray(200 * 200 * 4).fill(255), 200, 200)).toBeNull();
  });
});
