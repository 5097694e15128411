// Exemption reason codes (SAF-T TaxExemptionCode), mandatory whenever a line's rate is 0. Lists from
// the domain notes (domain-pt-ao.md) ("VAT"): the AT's PT table and AGT's AO table.

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `M${String(from + i).padStart(2, '0')}`);

export const PT_EXEMPTION_CODES = [
  'M01',
  'M02',
  ...range(4, 7),
  ...range(9, 16),
  'M19',
  'M20',
  'M21',
  'M25',
  ...range(30, 33),
  ...range(40, 43),
  'M99',
];

export const AO_EXEMPTION_CODES = [
  'M00',
  'M02',
  'M04',
  ...range(10, 24),
  ...range(30, 38),
  ...range(80, 86),
  ...range(90, 94),
];

export function exemptionCodesFor(country: string): string[] {
  return country === 'AO' ? AO_EXEMPTION_CODES : PT_EXEMPTION_CODES;
}

/** The organization's home tax region: the rates a product's VAT code means today. */
export function taxRegionOf(country: string): string {
  return country === 'AO' ? 'AO' : 'PT';
}
