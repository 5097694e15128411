import { describe, expect, it } from 'vitest';
import { createSeenIds } from './seen-ids.ts';

describe('seen message ids', () => {
  it('says "first" once per id and forgets the least recently seen beyond the capacity', () => {
    const seen = createSeenIds(2);
    expect(seen.firstSighting('a')).toBe(true);
    expect(seen.firstSighting('a')).toBe(false);
    expect(seen.firstSighting('b')).toBe(true);
    // "a" was seen again after "b"? No: a, then b; seeing a again makes b the oldest.
    expect(seen.firstSighting('a')).toBe(false);
    expect(seen.firstSighting('c')).toBe(true);
    expect(seen.size).toBe(2);
    expect(seen.firstSighting('a')).toBe(false);
    expect(seen.firstSighting('b')).toBe(true);
  });
});
