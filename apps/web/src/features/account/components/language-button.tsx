import { LANGUAGE_NAMES, type Language } from '@fluxo/domain/languages';
import { Button, type ButtonProps, type ElementProps } from '@mantine/core';
import { IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';

/** What the button shows: the usual short code of each language (English is EN, not GB). */
const SHORT: Record<Language, string> = { gb: 'EN', pt: 'PT', es: 'ES', fr: 'FR' };

/** The language button: the current language, named for screen readers. */
export const LanguageButton = forwardRef<
  HTMLButtonElement,
  ButtonProps & ElementProps<'button', keyof ButtonProps>
>(function LanguageButton(props, ref) {
  const { t } = useTranslation();
  const current = currentLanguage();
  return (
    <Button
      ref={ref}
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={t('LANGUAGE.CURRENT', { language: LANGUAGE_NAMES[current] })}
      aria-haspopup="menu"
      {...props}
    >
      {SHORT[current]}
    </Button>
  );
});
