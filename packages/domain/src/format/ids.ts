const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of letters and digits (6 by default), from the platform's CSPRNG. */
export function randomId(length = 6): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let id = '';
  // 62 symbols: reject bytes ≥ 248 so every symbol is equally likely.
  for (let i = 0; id.length < length; i++) {
    if (i >= bytes.length) {
      globalThis.crypto.getRandomValues(bytes);
      i = 0;
    }
    const byte = bytes[i]!;
    if (byte < 248) id += ALPHABET[byte % 62];
  }
  return id;
}

/** Upper-case initials of the first `words` words of a name (2 by default): "Ana Maria Silva" → "AM". */
export function initials(name: string | null | undefined, words = 2): string {
  return (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, words)
    .map((word) => Array.from(word)[0]!.toLocaleUpperCase())
    .join('');
}
