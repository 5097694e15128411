import { EU_COUNTRIES, isValidTaxNumber } from '../reference/tax-numbers.ts';

/**
 * Standard VAT rates with the day each took effect, in basis points (23 % = 2300; Finland's 25.5 %
 * = 2550). Fluxo sells software as a service from Portugal, an electronically supplied service:
 * the sources of every rate and the rules applied are in docs/tax-rates.md.
 */
export interface VatRateRow {
  /** ISO 3166-1 alpha-2, or PT-MA (Madeira) / PT-AC (Azores) as in SAF-T TaxCountryRegion. */
  region: string;
  from: string;
  basisPoints: number;
}

export const VAT_RATES: readonly VatRateRow[] = [
  { region: 'PT', from: '2011-01-01', basisPoints: 2300 },
  { region: 'PT-MA', from: '2012-04-01', basisPoints: 2200 },
  { region: 'PT-AC', from: '2015-01-01', basisPoints: 1800 },
  { region: 'PT-AC', from: '2021-07-01', basisPoints: 1600 },
  { region: 'AO', from: '2019-10-01', basisPoints: 1400 },
  { region: 'AT', from: '2024-01-01', basisPoints: 2000 },
  { region: 'BE', from: '2024-01-01', basisPoints: 2100 },
  { region: 'BG', from: '2024-01-01', basisPoints: 2000 },
  { region: 'CY', from: '2024-01-01', basisPoints: 1900 },
  { region: 'CZ', from: '2024-01-01', basisPoints: 2100 },
  { region: 'DE', from: '2024-01-01', basisPoints: 1900 },
  { region: 'DK', from: '2024-01-01', basisPoints: 2500 },
  { region: 'EE', from: '2024-01-01', basisPoints: 2200 },
  { region: 'EE', from: '2025-07-01', basisPoints: 2400 },
  { region: 'ES', from: '2024-01-01', basisPoints: 2100 },
  { region: 'FI', from: '2024-01-01', basisPoints: 2400 },
  { region: 'FI', from: '2024-09-01', basisPoints: 2550 },
  { region: 'FR', from: '2024-01-01', basisPoints: 2000 },
  { region: 'GR', from: '2024-01-01', basisPoints: 2400 },
  { region: 'HR', from: '2024-01-01', basisPoints: 2500 },
  { region: 'HU', from: '2024-01-01', basisPoints: 2700 },
  { region: 'IE', from: '2024-01-01', basisPoints: 2300 },
  { region: 'IT', from: '2024-01-01', basisPoints: 2200 },
  { region: 'LT', from: '2024-01-01', basisPoints: 2100 },
  { region: 'LU', from: '2024-01-01', basisPoints: 1700 },
  { region: 'LV', from: '2024-01-01', basisPoints: 2100 },
  { region: 'MT', from: '2024-01-01', basisPoints: 1800 },
  { region: 'NL', from: '2024-01-01', basisPoints: 2100 },
  { region: 'PL', from: '2024-01-01', basisPoints: 2300 },
  { region: 'RO', from: '2024-01-01', basisPoints: 1900 },
  { region: 'RO', from: '2025-08-01', basisPoints: 2100 },
  { region: 'SE', from: '2024-01-01', basisPoints: 2500 },
  { region: 'SI', from: '2024-01-01', basisPoints: 2200 },
  { region: 'SK', from: '2024-01-01', basisPoints: 2000 },
  { region: 'SK', from: '2025-01-01', basisPoints: 2300 },
];

/** The rate in force in a region on a day (YYYY-MM-DD); null when the table has none that early. */
export function vatRateOn(region: string, day: string): number | null {
  let best: VatRateRow | null = null;
  for (const row of VAT_RATES) {
    if (row.region === region && row.from <= day && (!best || row.from > best.from)) best = row;
  }
  return best?.basisPoints ?? null;
}

const PT_POSTAL_CODE = /^(\d{4})(?:-?\d{3})?$/;

/**
 * The Portuguese tax region of a postal code (CTT four-digit prefix): 9000–9499 Madeira (Funchal
 * 9000, …, Porto Santo 9400), 9500–9999 Azores (Ponta Delgada 9500 … Corvo 9980), else mainland.
 * Null for a value that is not a Portuguese postal code.
 */
export function ptRegionForPostalCode(postalCode: string): 'PT' | 'PT-MA' | 'PT-AC' | null {
  const match = PT_POSTAL_CODE.exec(postalCode.trim());
  if (!match) return null;
  const prefix = Number(match[1]);
  if (prefix < 1000) return null;
  if (prefix >= 9500) return 'PT-AC';
  if (prefix >= 9000) return 'PT-MA';
  return 'PT';
}

export const VAT_REASONS = [
  'PT_MAINLAND',
  'PT_MADEIRA',
  'PT_AZORES',
  'AO_DOMESTIC',
  'EU_REVERSE_CHARGE',
  'EU_OSS',
  'OUTSIDE_EU',
] as const;
export type VatReason = (typeof VAT_REASONS)[number];

export interface VatInput {
  /** The customer's country. */
  countryCode: string;
  /** The billing address's country; where it is given it decides the place of supply. */
  billingCountry?: string | null;
  zipcode?: string | null;
  vatNumber?: string | null;
  /** YYYY-MM-DD; today when absent. */
  date?: string;
  /**
   * What VIES says of the VAT number: false (not registered) denies the reverse charge to a
   * well-formed number; true or unknown (null, absent) leaves the format check to decide.
   */
  viesRegistered?: boolean | null;
}

export interface VatDecision {
  country: string;
  region: string;
  rateBasisPoints: number;
  reverseCharge: boolean;
  reason: VatReason;
  /** SAF-T exemption code when no VAT is charged (M40 reverse charge, M99 not subject). */
  exemptionCode: string | null;
  vatNumberValid: boolean | null;
}

export class InvalidPostalCodeError extends Error {}

/**
 * The VAT Fluxo charges a customer:
 * - Portugal: by the postal code's region — mainland 23 %, Madeira 22 %, Azores 16 % (no postal code:
 *   mainland), customer a business or not;
 * - Angola: 14 %;
 * - another EU country with a well-formed VAT number (that VIES does not deny): reverse charge, 0 %
 *   (the customer accounts for it);
 * - another EU country without one: that country's standard rate (One-Stop Shop, destination rule
 *   for electronically supplied services);
 * - outside the EU: 0 %, not subject to Portuguese VAT.
 */
export function decideVat(input: VatInput): VatDecision {
  const country = (input.billingCountry || input.countryCode).toUpperCase();
  const day = input.date ?? new Date().toISOString().slice(0, 10);
  const vatNumber = input.vatNumber?.trim() ?? '';
  const decide = (region: string, reason: VatReason, vatNumberValid: boolean | null = null): VatDecision => {
    const rate = vatRateOn(region, day);
    if (rate === null) throw new RangeError(`No VAT rate for ${region} on ${day}`);
    return {
      country,
      region,
      rateBasisPoints: rate,
      reverseCharge: false,
      reason,
      exemptionCode: null,
      vatNumberValid,
    };
  };
  if (country === 'PT') {
    const zip = input.zipcode?.trim() ?? '';
    const region = zip ? ptRegionForPostalCode(zip) : 'PT';
    if (!region) throw new InvalidPostalCodeError(`Not a Portuguese postal code: ${zip}`);
    const reason = region === 'PT-MA' ? 'PT_MADEIRA' : region === 'PT-AC' ? 'PT_AZORES' : 'PT_MAINLAND';
    return decide(region, reason, vatNumber ? isValidTaxNumber('PT', vatNumber) : null);
  }
  if (country === 'AO') return decide('AO', 'AO_DOMESTIC');
  if ((EU_COUNTRIES as readonly string[]).includes(country)) {
    const valid = vatNumber !== '' && isValidTaxNumber(country, vatNumber) && input.viesRegistered !== false;
    if (valid) {
      return {
        country,
        region: country,
        rateBasisPoints: 0,
        reverseCharge: true,
        reason: 'EU_REVERSE_CHARGE',
        exemptionCode: 'M40',
        vatNumberValid: true,
      };
    }
    return decide(country, 'EU_OSS', vatNumber ? false : null);
  }
  return {
    country,
    region: country,
    rateBasisPoints: 0,
    reverseCharge: false,
    reason: 'OUTSIDE_EU',
    exemptionCode: 'M99',
    vatNumberValid: null,
  };
}
