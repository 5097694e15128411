import { currenciesFileContract } from '@fluxo/domain/reference/static-files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

/** Used when the currency list cannot be loaded, so that an organization can still pick its currency. */
export const FALLBACK_CURRENCIES = ['EUR', 'AOA', 'USD', 'GBP', 'BRL', 'MZN', 'CVE', 'CHF'] as const;

async function fetchCurrencies(): Promise<string[]> {
  try {
    const currencies = await apiRequest(currenciesFileContract);
    const codes = currencies.map((currency) => currency.code).filter((code) => /^[A-Z]{3}$/.test(code));
    return codes.length > 0 ? codes : [...FALLBACK_CURRENCIES];
  } catch {
    return [...FALLBACK_CURRENCIES];
  }
}

export const currenciesQueryOptions = queryOptions({
  queryKey: ['reference-data', 'currencies'],
  queryFn: fetchCurrencies,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useCurrencies() {
  return useQuery(currenciesQueryOptions);
}

/** The currency an organization of this country most likely keeps its books in. */
export function currencyForCountry(country: string): string {
  const byCountry: Record<string, string> = {
    AO: 'AOA',
    BR: 'BRL',
    MZ: 'MZN',
    CV: 'CVE',
    GB: 'GBP',
    US: 'USD',
    CH: 'CHF',
  };
  return byCountry[country.toUpperCase()] ?? 'EUR';
}
