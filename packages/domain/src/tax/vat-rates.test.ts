import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from '../reference/tax-numbers.ts';
import { decideVat, InvalidPostalCodeError, ptRegionForPostalCode, vatRateOn } from './vat-rates.ts';

describe('VAT regions and rates', () => {
  it('finds the Portuguese region from the postal code', () => {
    expect(ptRegionForPostalCode('1250-096')).toBe('PT');
    expect(ptRegionForPostalCode('8999-999')).toBe('PT');
    expect(ptRegionForPostalCode('9000-060')).toBe('PT-MA');
    expect(ptRegionForPostalCode('9400-171')).toBe('PT-MA');
    expect(ptRegionForPostalCode('9499')).toBe('PT-MA');
    expect(ptRegionForPostalCode('9500-150')).toBe('PT-AC');
    expect(ptRegionForPostalCode('9980-024')).toBe('PT-AC');
    expect(ptRegionForPostalCode('0999-000')).toBeNull();
    expect(ptRegionForPostalCode('SW1A 1AA')).toBeNull();
  });

  it('uses the rate in force on the day', () => {
    expect(vatRateOn('PT-AC', '2021-06-30')).toBe(1800);
    expect(vatRateOn('PT-AC', '2021-07-01')).toBe(1600);
    expect(vatRateOn('FI', '2024-08-31')).toBe(2400);
    expect(vatRateOn('FI', '2024-09-01')).toBe(2550);
    expect(vatRateOn('XX', '2025-01-01')).toBeNull();
  });

  it('has a standard rate for every EU member state', () => {
    for (const country of EU_COUNTRIES) expect(vatRateOn(country, '2025-06-01'), country).not.toBeNull();
  });
});

describe('the VAT Fluxo charges', () => {
  const day = '2025-06-01';
  const table: [
    Parameters<typeof decideVat>[0],
    { region: string; rateBasisPoints: number; reason: string; vatNumberValid?: boolean | null },
  ][] = [
    [
      { countryCode: 'PT', zipcode: '1250-096', date: day },
      { region: 'PT', rateBasisPoints: 2300, reason: 'PT_MAINLAND' },
    ],
    [
      { countryCode: 'PT', date: day },
      { region: 'PT', rateBasisPoints: 2300, reason: 'PT_MAINLAND' },
    ],
    [
      { countryCode: 'PT', zipcode: '9000-060', date: day },
      { region: 'PT-MA', rateBasisPoints: 2200, reason: 'PT_MADEIRA' },
    ],
    [
      { countryCode: 'PT', zipcode: '9500-150', date: day },
      { region: 'PT-AC', rateBasisPoints: 1600, reason: 'PT_AZORES' },
    ],
    [
      { countryCode: 'PT', zipcode: '9500-150', vatNumber: '508332150', date: day },
      { region: 'PT-AC', rateBasisPoints: 1600, reason: 'PT_AZORES' },
    ],
    [
      { countryCode: 'AO', date: day },
      { region: 'AO', rateBasisPoints: 1400, reason: 'AO_DOMESTIC' },
    ],
    [
      { countryCode: 'DE', vatNumber: 'DE123456789', date: day },
      { region: 'DE', rateBasisPoints: 0, reason: 'EU_REVERSE_CHARGE' },
    ],
    [
      { countryCode: 'DE', vatNumber: 'DE123456789', date: day, viesRegistered: true },
      { region: 'DE', rateBasisPoints: 0, reason: 'EU_REVERSE_CHARGE' },
    ],
    [
      { countryCode: 'DE', vatNumber: 'DE123456789', date: day, viesRegistered: false },
      { region: 'DE', rateBasisPoints: 1900, reason: 'EU_OSS', vatNumberValid: false },
    ],
    [
      { countryCode: 'DE', date: day },
      { region: 'DE', rateBasisPoints: 1900, reason: 'EU_OSS' },
    ],
    [
      { countryCode: 'DE', vatNumber: 'DE12', date: day },
      { region: 'DE', rateBasisPoints: 1900, reason: 'EU_OSS' },
    ],
    [
      { countryCode: 'FI', date: day },
      { region: 'FI', rateBasisPoints: 2550, reason: 'EU_OSS' },
    ],
    [
      { countryCode: 'ES', vatNumber: 'ESB12345678', date: day },
      { region: 'ES', rateBasisPoints: 0, reason: 'EU_REVERSE_CHARGE' },
    ],
    [
      { countryCode: 'US', date: day },
      { region: 'US', rateBasisPoints: 0, reason: 'OUTSIDE_EU' },
    ],
    [
      { countryCode: 'BR', vatNumber: '123', date: day },
      { region: 'BR', rateBasisPoints: 0, reason: 'OUTSIDE_EU' },
    ],
    // The billing country, when given, decides.
    [
      { countryCode: 'AO', billingCountry: 'PT', zipcode: '9000-060', date: day },
      { region: 'PT-MA', rateBasisPoints: 2200, reason: 'PT_MADEIRA' },
    ],
    [
      { countryCode: 'PT', billingCountry: 'FR', date: day },
      { region: 'FR', rateBasisPoints: 2000, reason: 'EU_OSS' },
    ],
  ];
  it.each(table)('%o', (input, expected) => {
    expect(decideVat(input)).toMatchObject(expected);
  });

  it('marks reverse charge with exemption code M40 and outside the EU with M99', () => {
    const reverse = decideVat({ countryCode: 'FR', vatNumber: 'FR40303265045', date: day });
    expect(reverse).toMatchObject({ reverseCharge: true, exemptionCode: 'M40', vatNumberValid: true });
    expect(decideVat({ countryCode: 'GB', date: day })).toMatchObject({
      reverseCharge: false,
      exemptionCode: 'M99',
    });
  });

  it('refuses a Portuguese postal code that is not one', () => {
    expect(() => decideVat({ countryCode: 'PT', zipcode: 'ABC', date: day })).toThrow(InvalidPostalCodeError);
  });
});
