import type { TaxCode } from './contracts.ts';

// VAT rates of the home tax regions by SAF-T TaxCode, with the day each took effect (basis points).
// Sources: Código do IVA art. 18 (mainland); Decreto Legislativo Regional for the Azores (2021: 4/9/16)
// and Madeira (reduced 5 % → 4 % from 2024-10-01; 12/22); Angola: Código do IVA (Lei 7/19), 14 %.
// ISE is always 0 and needs an exemption code.

interface Rate {
  region: string;
  taxCode: Exclude<TaxCode, 'ISE'>;
  from: string;
  basisPoints: number;
}

const RATES: readonly Rate[] = [
  { region: 'PT', taxCode: 'NOR', from: '2011-01-01', basisPoints: 2300 },
  { region: 'PT', taxCode: 'INT', from: '2011-01-01', basisPoints: 1300 },
  { region: 'PT', taxCode: 'RED', from: '2011-01-01', basisPoints: 600 },
  { region: 'PT-MA', taxCode: 'NOR', from: '2012-04-01', basisPoints: 2200 },
  { region: 'PT-MA', taxCode: 'INT', from: '2012-04-01', basisPoints: 1200 },
  { region: 'PT-MA', taxCode: 'RED', from: '2012-04-01', basisPoints: 500 },
  { region: 'PT-MA', taxCode: 'RED', from: '2024-10-01', basisPoints: 400 },
  { region: 'PT-AC', taxCode: 'NOR', from: '2021-07-01', basisPoints: 1600 },
  { region: 'PT-AC', taxCode: 'INT', from: '2021-07-01', basisPoints: 900 },
  { region: 'PT-AC', taxCode: 'RED', from: '2021-07-01', basisPoints: 400 },
  { region: 'AO', taxCode: 'NOR', from: '2019-10-01', basisPoints: 1400 },
];

/** The rate of a tax code in a region on a day, or null when the region has no such rate then. */
export function vatRateOf(region: string, taxCode: TaxCode, date: string): number | null {
  if (taxCode === 'ISE') return 0;
  let found: Rate | undefined;
  for (const rate of RATES) {
    if (
      rate.region === region &&
      rate.taxCode === taxCode &&
      rate.from <= date &&
      (!found || rate.from > found.from)
    )
      found = rate;
  }
  return found?.basisPoints ?? null;
}
