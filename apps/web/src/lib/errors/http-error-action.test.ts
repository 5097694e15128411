import { describe, expect, it } from 'vitest';
import { isChunkLoadFailure } from './chunk-reload.ts';
import { httpErrorAction } from './http-error-action.ts';
import { isOutdatedBrowser } from './outdated-browser.ts';

describe('spec §8 error catalogue', () => {
  const signedIn = { hasErrorBody: true, signedIn: true };
  const visitor = { hasErrorBody: true, signedIn: false };

  it('maps 401/403/402 for signed-in users, and leaves visitors to the caller', () => {
    expect(httpErrorAction({ status: 401, ...signedIn })).toBe('idle');
    expect(httpErrorAction({ status: 403, ...signedIn })).toBe('unauthorized');
    expect(httpErrorAction({ status: 402, ...signedIn })).toBe('not-found');
    expect(httpErrorAction({ status: 401, ...visitor })).toBe('none');
    expect(httpErrorAction({ status: 403, ...visitor })).toBe('none');
    expect(httpErrorAction({ status: 402, ...visitor })).toBe('none');
  });

  it('sends a member whose organization requires two-factor sign-in to enrolment', () => {
    expect(httpErrorAction({ status: 403, ...signedIn, code: 'TWO_FACTOR_REQUIRED' })).toBe('two-factor');
    expect(httpErrorAction({ status: 403, ...signedIn, code: 'FORBIDDEN' })).toBe('unauthorized');
    expect(httpErrorAction({ status: 403, ...visitor, code: 'TWO_FACTOR_REQUIRED' })).toBe('none');
  });

  it('passes 500 through and toasts other errors without a body', () => {
    expect(httpErrorAction({ status: 500, hasErrorBody: false, signedIn: true })).toBe('none');
    expect(httpErrorAction({ status: 502, hasErrorBody: false, signedIn: true })).toBe('generic-toast');
    expect(httpErrorAction({ status: 404, hasErrorBody: false, signedIn: false })).toBe('generic-toast');
    expect(httpErrorAction({ status: 404, ...signedIn })).toBe('none');
    expect(httpErrorAction({ status: 409, ...signedIn })).toBe('none');
  });

  it('recognises failed chunk loads and outdated browsers', () => {
    expect(
      isChunkLoadFailure(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isChunkLoadFailure(new Error('boom'))).toBe(false);
    expect(isOutdatedBrowser('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true);
    expect(isOutdatedBrowser('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isOutdatedBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36')).toBe(false);
  });
});
