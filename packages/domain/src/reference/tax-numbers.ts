import { isValidPtNif } from '../validation.ts';

/** A country's tax-number rule, as served in `taxable-countries.json`. */
export interface TaxNumberPattern {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ECMAScript regular-expression source, anchored with ^ and $. */
  pattern: string;
}

/**
 * Tax (VAT) number formats. Convention for every `pattern`:
 * - it is matched against the *compact* form of the value (see `compactTaxNumber`): upper case,
 *   with spaces, dots, hyphens and slashes removed — so `PT 508 332 150`, `CHE-116.281.710 MWST`
 *   and `33.000.167/0001-01` are matched as `PT508332150`, `CHE116281710MWST`, `33000167000101`;
 * - the number's own prefix is optional: the VIES prefix inside the EU (note `EL` for Greece, whose
 *   ISO code is GR), `CHE` for Switzerland, the ISO code elsewhere.
 * EU formats follow the European Commission's VIES format table; the others the national
 * authorities' formats (AO NIF, BR CPF/CNPJ, MZ NUIT, CV NIF, GB VAT, US EIN, CH UID, NO org. nr.).
 * Only the shape is checked here, except for PT where the check digit is verified too.
 */
export const TAX_NUMBER_PATTERNS: readonly TaxNumberPattern[] = [
  // European Union (VIES)
  { country: 'AT', pattern: '^(?:AT)?U\\d{8}$' },
  { country: 'BE', pattern: '^(?:BE)?[01]\\d{9}$' },
  { country: 'BG', pattern: '^(?:BG)?\\d{9,10}$' },
  { country: 'CY', pattern: '^(?:CY)?\\d{8}[A-Z]$' },
  { country: 'CZ', pattern: '^(?:CZ)?\\d{8,10}$' },
  { country: 'DE', pattern: '^(?:DE)?\\d{9}$' },
  { country: 'DK', pattern: '^(?:DK)?\\d{8}$' },
  { country: 'EE', pattern: '^(?:EE)?\\d{9}$' },
  { country: 'ES', pattern: '^(?:ES)?(?:[A-Z]\\d{7}[A-Z0-9]|\\d{8}[A-Z])$' },
  { country: 'FI', pattern: '^(?:FI)?\\d{8}$' },
  { country: 'FR', pattern: '^(?:FR)?[0-9A-HJ-NP-Z]{2}\\d{9}$' },
  { country: 'GR', pattern: '^(?:EL|GR)?\\d{9}$' },
  { country: 'HR', pattern: '^(?:HR)?\\d{11}$' },
  { country: 'HU', pattern: '^(?:HU)?\\d{8}$' },
  { country: 'IE', pattern: '^(?:IE)?(?:\\d{7}[A-W][A-IW]?|\\d[A-Z+*]\\d{5}[A-W])$' },
  { country: 'IT', pattern: '^(?:IT)?\\d{11}$' },
  { country: 'LT', pattern: '^(?:LT)?(?:\\d{9}|\\d{12})$' },
  { country: 'LU', pattern: '^(?:LU)?\\d{8}$' },
  { country: 'LV', pattern: '^(?:LV)?\\d{11}$' },
  { country: 'MT', pattern: '^(?:MT)?\\d{8}$' },
  { country: 'NL', pattern: '^(?:NL)?\\d{9}B\\d{2}$' },
  { country: 'PL', pattern: '^(?:PL)?\\d{10}$' },
  { country: 'PT', pattern: '^(?:PT)?\\d{9}$' },
  { country: 'RO', pattern: '^(?:RO)?[1-9]\\d{1,9}$' },
  { country: 'SE', pattern: '^(?:SE)?\\d{10}01$' },
  { country: 'SI', pattern: '^(?:SI)?[1-9]\\d{7}$' },
  { country: 'SK', pattern: '^(?:SK)?[1-9]\\d{9}$' },
  // Home markets and their neighbours, and the main trading partners
  // AO NIF: 10 digits for companies; for individuals the identity-card number (9 digits, the
  // 2-letter province code, 3 digits).
  { country: 'AO', pattern: '^(?:AO)?(?:\\d{10}|\\d{9}[A-Z]{2}\\d{3})$' },
  // BR: CPF (11 digits) for individuals, CNPJ (14 digits) for companies.
  { country: 'BR', pattern: '^(?:BR)?(?:\\d{11}|\\d{14})$' },
  { country: 'CV', pattern: '^(?:CV)?\\d{9}$' },
  { country: 'MZ', pattern: '^(?:MZ)?\\d{9}$' },
  // GB VAT: 9 digits, 12 for branch traders, GD/HA + 3 digits for government departments and
  // health authorities.
  { country: 'GB', pattern: '^(?:GB)?(?:\\d{9}|\\d{12}|GD[0-4]\\d{2}|HA[5-9]\\d{2})$' },
  // US EIN (12-3456789 written with a hyphen).
  { country: 'US', pattern: '^(?:US)?\\d{9}$' },
  // CH UID, as a VAT number followed by MWST / TVA / IVA.
  { country: 'CH', pattern: '^(?:CHE)?\\d{9}(?:MWST|TVA|IVA)?$' },
  // NO organisation number, as a VAT number followed by MVA.
  { country: 'NO', pattern: '^(?:NO)?\\d{9}(?:MVA)?$' },
];

/** The European Union's member states (ISO 3166-1 alpha-2). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

/** The form every pattern is matched against: upper case, without spaces, dots, hyphens or slashes. */
export function compactTaxNumber(value: string): string {
  return value.toUpperCase().replace(/[\s./-]/g, '');
}

/** Prefixes a tax number may carry for a country (the VIES prefix is EL for Greece, CHE for Swiss UIDs). */
const PREFIXES: Record<string, readonly string[]> = { GR: ['EL', 'GR'], CH: ['CHE'] };

/**
 * The national form of a tax number: compact and without its country prefix — the form the company
 * register keys on (PT `PT508332150` → `508332150`).
 */
export function nationalTaxNumber(country: string, value: string): string {
  const compact = compactTaxNumber(value);
  const code = country.toUpperCase();
  for (const prefix of PREFIXES[code] ?? [code]) {
    if (compact.startsWith(prefix) && compact.length > prefix.length) return compact.slice(prefix.length);
  }
  return compact;
}

const compiled = new Map<string, RegExp>();
function regex(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source);
    compiled.set(source, re);
  }
  return re;
}

/**
 * Spec §5: the country's pattern is looked up; a country not in the list (or an empty list, when it
 * has not loaded) means valid. PT numbers must also carry a permitted prefix and a right check digit.
 * `patterns` defaults to the built-in table; the web passes the list it loaded from
 * `taxable-countries.json`.
 */
export function isValidTaxNumber(
  country: string,
  value: string,
  patterns: readonly TaxNumberPattern[] = TAX_NUMBER_PATTERNS,
): boolean {
  const code = country.toUpperCase();
  const rule = patterns.find((p) => p.country.toUpperCase() === code);
  if (!rule) return true;
  const compact = compactTaxNumber(value);
  if (!regex(rule.pattern).test(compact)) return false;
  if (code === 'PT') return isValidPtNif(compact);
  return true;
}
