import { describe, expect, it } from 'vitest';
import { decodeFileNameHeader } from './raw-upload.ts';

describe('the X-File-Name header of an upload', () => {
  it('decodes a percent-encoded name, and reads an absent one as empty', () => {
    expect(decodeFileNameHeader('fatura%20n.%C2%BA%201.pdf')).toBe('fatura n.º 1.pdf');
    expect(decodeFileNameHeader(undefined)).toBe('');
  });

  it('refuses a broken encoding with a validation error on the header', () => {
    expect(() => decodeFileNameHeader('%E0%A4%A')).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        details: [expect.objectContaining({ path: 'headers.x-file-name', messageKey: 'VALIDATION.INVALID' })],
      }),
    );
  });
});
