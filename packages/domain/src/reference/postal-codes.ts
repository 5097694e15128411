/** A country's postal-code rule, as served in `zip-codes.json`. */
export interface PostalCodeMask {
  /** ISO 3166-1 alpha-2. */
  country: string;
  mask: string;
}

/**
 * Postal-code masks. Mask syntax:
 * - `0` one digit, `A` one letter (A–Z), `*` one letter or digit;
 * - `|` separates alternative masks (GB has six shapes);
 * - any other character stands for itself (space, `-`, and literal letters such as the `L-` of
 *   Luxembourg or the `D6W` routing key of Dublin 6W).
 * A value is compared trimmed and upper-cased; separators are not optional (`1250096` is not a PT
 * code, `1250-096` is). Countries without postal codes (AO, for one) are not listed, so any value —
 * usually none — is valid there.
 * Sources: the national postal operators' published formats (UPU postal addressing systems).
 */
export const POSTAL_CODE_MASKS: readonly PostalCodeMask[] = [
  // European Union
  { country: 'AT', mask: '0000' },
  { country: 'BE', mask: '0000' },
  { country: 'BG', mask: '0000' },
  { country: 'CY', mask: '0000' },
  { country: 'CZ', mask: '000 00' },
  { country: 'DE', mask: '00000' },
  { country: 'DK', mask: '0000' },
  { country: 'EE', mask: '00000' },
  { country: 'ES', mask: '00000' },
  { country: 'FI', mask: '00000' },
  { country: 'FR', mask: '00000' },
  { country: 'GR', mask: '000 00' },
  { country: 'HR', mask: '00000' },
  { country: 'HU', mask: '0000' },
  // Eircode: a routing key (letter + 2 digits, or D6W) and a 4-character unique identifier.
  { country: 'IE', mask: 'A00 ****|D6W ****' },
  { country: 'IT', mask: '00000' },
  { country: 'LT', mask: 'LT-00000' },
  { country: 'LU', mask: 'L-0000|0000' },
  { country: 'LV', mask: 'LV-0000' },
  { country: 'MT', mask: 'AAA 0000' },
  { country: 'NL', mask: '0000 AA' },
  { country: 'PL', mask: '00-000' },
  { country: 'PT', mask: '0000-000' },
  { country: 'RO', mask: '000000' },
  { country: 'SE', mask: '000 00' },
  { country: 'SI', mask: '0000' },
  { country: 'SK', mask: '000 00' },
  // Lusophone countries with postal codes (Angola and São Tomé have none)
  { country: 'BR', mask: '00000-000' },
  { country: 'CV', mask: '0000' },
  { country: 'GW', mask: '0000' },
  { country: 'MZ', mask: '0000' },
  // Other trading partners
  { country: 'AU', mask: '0000' },
  { country: 'CA', mask: 'A0A 0A0' },
  { country: 'CH', mask: '0000' },
  { country: 'GB', mask: 'A0 0AA|A00 0AA|A0A 0AA|AA0 0AA|AA00 0AA|AA0A 0AA' },
  { country: 'IS', mask: '000' },
  { country: 'JP', mask: '000-0000' },
  { country: 'LI', mask: '0000' },
  { country: 'NO', mask: '0000' },
  { country: 'US', mask: '00000|00000-0000' },
];

function escapeLiteral(char: string): string {
  return char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** The regular expression a mask stands for (all alternatives, anchored). */
export function maskToRegExp(mask: string): RegExp {
  const alternatives = mask.split('|').map((one) =>
    [...one]
      .map((char) => {
        if (char === '0') return '\\d';
        if (char === 'A') return '[A-Z]';
        if (char === '*') return '[A-Z0-9]';
        return escapeLiteral(char);
      })
      .join(''),
  );
  return new RegExp(`^(?:${alternatives.join('|')})$`);
}

const compiled = new Map<string, RegExp>();

/**
 * Spec §5: valid when empty or when the country has no rule; otherwise the value must match the
 * country's mask. `masks` defaults to the built-in table; the web passes the list it loaded from
 * `zip-codes.json`.
 */
export function isValidPostalCode(
  country: string,
  value: string,
  masks: readonly PostalCodeMask[] = POSTAL_CODE_MASKS,
): boolean {
  const trimmed = value.trim().toUpperCase();
  if (trimmed === '') return true;
  const code = country.toUpperCase();
  const rule = masks.find((m) => m.country.toUpperCase() === code);
  if (!rule) return true;
  let re = compiled.get(rule.mask);
  if (!re) {
    re = maskToRegExp(rule.mask);
    compiled.set(rule.mask, re);
  }
  return re.test(trimmed);
}
