import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { VAT_REASONS } from './vat-rates.ts';

const ZCountry = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());

export const taxRateContract = defineContract({
  method: 'GET',
  path: '/api/v1/tax',
  query: z.object({
    countryCode: ZCountry,
    billingCountry: ZCountry.optional(),
    zipcode: z.string().trim().max(20).optional(),
    vatNumber: z.string().trim().max(30).optional(),
  }),
  response: z.object({
    country: z.string(),
    region: z.string(),
    /** Percent, for display (25.5 for Finland); rateBasisPoints is the exact value. */
    rate: z.number(),
    rateBasisPoints: z.number().int(),
    reverseCharge: z.boolean(),
    reason: z.enum(VAT_REASONS),
    exemptionCode: z.string().nullable(),
    vatNumberValid: z.boolean().nullable(),
    /**
     * For a well-formed VAT number of another EU state: true when VIES answered (registered →
     * reverse charge, not registered → that state's VAT); false when VIES could not be reached and
     * the number's format alone decided. Null when VIES plays no part.
     */
    viesChecked: z.boolean().nullable(),
  }),
});

/** `USD,GBP` (or repeated): ISO 4217 codes, upper-cased; EUR when absent. */
const ZCurrencies = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    (Array.isArray(v) ? v.join(',') : (v ?? 'EUR'))
      .split(',')
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(/^[A-Z]{3}$/))
      .min(1)
      .max(40),
  );
const ZCurrency = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((v) => v.toUpperCase());

/** A rate is a decimal string (exact, as published): units of `currency` for one unit of `base`. */
export const ZExchangeRate = z.object({ currency: z.string(), rate: z.string(), date: z.string() });

export const exchangeRatesContract = defineContract({
  method: 'GET',
  path: '/api/v1/tax/exchange-rates',
  query: z.object({ currencies: ZCurrencies, base: ZCurrency.default('EUR'), date: z.iso.date().optional() }),
  response: z.object({
    base: z.string(),
    /** The day asked for (today when absent); each rate carries the day it was published. */
    date: z.string(),
    source: z.string(),
    rates: z.array(ZExchangeRate),
    unavailable: z.array(z.string()),
  }),
});
export const monthlyExchangeRatesContract = defineContract({
  method: 'GET',
  path: '/api/v1/tax/exchange-rates/monthly',
  query: z.object({ currencies: ZCurrencies, base: ZCurrency.default('EUR'), date: z.iso.date().optional() }),
  response: z.object({
    base: z.string(),
    month: z.string(),
    source: z.string(),
    rates: z.array(
      z.object({
        currency: z.string(),
        /** Average of the month's published rates, 6 decimals; the latest earlier rate when none. */
        rate: z.string(),
        days: z.number().int(),
        from: z.string(),
        to: z.string(),
      }),
    ),
    unavailable: z.array(z.string()),
  }),
});
