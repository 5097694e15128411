import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import { DatesProvider } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const DAYJS_LOCALES: Record<string, string> = { gb: 'en', pt: 'pt', es: 'es', fr: 'fr' };

/** Mantine's date pickers in the interface language (month and day names, first day of the week). */
export function InOutDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <DatesProvider settings={{ locale: DAYJS_LOCALES[i18n.language] ?? 'en', firstDayOfWeek: 1 }}>
      {children}
    </DatesProvider>
  );
}
