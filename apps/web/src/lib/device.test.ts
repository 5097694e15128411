import { describe, expect, it } from 'vitest';
import { isMobileDevice } from './device.ts';

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('mobile device (spec §2)', () => {
  it('is a phone user agent, whatever the width', () => {
    expect(isMobileDevice({ userAgent: PIXEL, viewportWidth: 1200, touch: true })).toBe(true);
    expect(isMobileDevice({ userAgent: IPHONE, viewportWidth: 390, touch: true })).toBe(true);
  });
  it('is a narrow touch viewport', () => {
    expect(isMobileDevice({ userAgent: TABLET, viewportWidth: 600, touch: true })).toBe(true);
    expect(isMobileDevice({ userAgent: TABLET, viewportWidth: 1024, touch: true })).toBe(false);
  });
  it('is not a narrow desktop window without touch', () => {
    expect(isMobileDevice({ userAgent: DESKTOP, viewportWidth: 500, touch: false })).toBe(false);
    expect(isMobileDevice({ userAgent: DESKTOP, viewportWidth: 1280, touch: false })).toBe(false);
  });
});
