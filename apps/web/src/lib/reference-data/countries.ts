import { countriesFileContract } from '@fluxo/domain/reference/static-files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

/** Used when the country list cannot be loaded: the home markets and their neighbours. */
export const FALLBACK_COUNTRIES = [
  'PT',
  'AO',
  'BR',
  'CV',
  'MZ',
  'ST',
  'GW',
  'TL',
  'ES',
  'FR',
  'GB',
  'DE',
  'IT',
  'NL',
  'BE',
  'LU',
  'CH',
  'IE',
  'US',
] as const;

async function fetchCountries(): Promise<string[]> {
  try {
    const countries = await apiRequest(countriesFileContract);
    const codes = countries.map((country) => country.alpha2).filter((code) => /^[A-Z]{2}$/.test(code));
    return codes.length > 0 ? codes : [...FALLBACK_COUNTRIES];
  } catch {
    return [...FALLBACK_COUNTRIES];
  }
}

export const countriesQueryOptions = queryOptions({
  queryKey: ['reference-data', 'countries'],
  queryFn: fetchCountries,
  staleTime: Number.POSITIVE_INFINITY,
});

/** Country codes; their names come from the browser, in the interface language (useCodeOptions). */
export function useCountries() {
  return useQuery(countriesQueryOptions);
}
