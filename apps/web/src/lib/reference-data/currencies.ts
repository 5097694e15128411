import { currenciesFileContract } from '@fluxo/domain/reference/static-files';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

/** Spec §8: when the list cannot be loaded it is empty (the selects then keep their default). */
async function fetchCurrencies(): Promise<string[]> {
  try {
    const currencies = await apiRequest(currenciesFileContract, { appErrorHandling: false });
    return currencies.map((currency) => currency.code).filter((code) => /^[A-Z]{3}$/.test(code));
  } catch {
    return [];
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
