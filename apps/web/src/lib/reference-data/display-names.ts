import { LANGUAGE_LOCALES, type Language } from '@fluxo/domain/languages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

type Kind = 'region' | 'currency';

/** Country and currency names in the interface language, from the browser's own CLDR data. */
export function useDisplayNames(kind: Kind): (code: string) => string {
  const { i18n } = useTranslation();
  const locale = LANGUAGE_LOCALES[i18n.language as Language] ?? 'en-GB';
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: kind, fallback: 'code' });
    return (code: string) => {
      try {
        return names.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [locale, kind]);
}

/** Select options sorted by their translated label. */
export function useCodeOptions(
  codes: readonly string[] | undefined,
  kind: Kind,
): { value: string; label: string }[] {
  const name = useDisplayNames(kind);
  const { i18n } = useTranslation();
  return useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return (codes ?? [])
      .map((code) => ({ value: code, label: kind === 'currency' ? `${code} — ${name(code)}` : name(code) }))
      .sort((a, b) => collator.compare(a.label, b.label));
  }, [codes, name, kind, i18n.language]);
}
