import { randomBytes } from 'node:crypto';

/** An address no other test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}@e2e.fluxo.example`;
}

/** A random valid Portuguese NIF (company range 5…), so each test's organization is new. */
export function randomPtNif(): string {
  const digits = [5, ...Array.from({ length: 7 }, () => Math.floor(Math.random() * 10))];
  const sum = digits.reduce((total, digit, index) => total + digit * (9 - index), 0);
  const remainder = sum % 11;
  return [...digits, remainder < 2 ? 0 : 11 - remainder].join('');
}

export const DEMO_PASSWORD = 'fluxo-demo';
