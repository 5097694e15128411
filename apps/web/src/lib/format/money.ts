import { LANGUAGE_LOCALES, type Language } from '@fluxo/domain/languages';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** The locale used to format numbers and dates for an interface language. */
export function localeOf(language: string): string {
  return LANGUAGE_LOCALES[language as Language] ?? 'en-GB';
}

/**
 * Integer minor units (cents) as money in the locale: 1999 EUR → "19,99 €" (pt) or "€19.99" (gb).
 * The number of minor digits is the currency's own (0 for JPY, 3 for KWD).
 */
export function formatCents(cents: number, currency: string, locale: string): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount must be integer minor units, got ${cents}`);
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(cents / 10 ** digits);
}

/** The price of `quantity` units, in integer cents (display only: the server prices purchases). */
export function totalCents(unitCents: number, quantity: number): number {
  const total = unitCents * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError('Amount out of range');
  return total;
}

/** A formatter of cents in the interface language. */
export function useFormatMoney(): (cents: number, currency: string) => string {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return useCallback((cents, currency) => formatCents(cents, currency, locale), [locale]);
}

/** A formatter of dates (ISO strings) in the interface language. */
export function useFormatDate(): (iso: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  return useCallback(
    (iso) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso)) : '—'),
    [locale],
  );
}
