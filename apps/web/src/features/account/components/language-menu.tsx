import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES, type Language } from '@fluxo/domain/languages';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageKeyOf } from '../../../lib/api/errors.ts';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useChangeLanguage } from '../api/change-language.ts';

/** What the button shows: the usual short code of each language (English is EN, not GB). */
const SHORT: Record<Language, string> = { gb: 'EN', pt: 'PT', es: 'ES', fr: 'FR' };

/** Switches the interface language in place; signed in, the account keeps the choice. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const change = useChangeLanguage();
  const current = currentLanguage();

  const pick = (language: Language) => {
    if (language === current) return;
    change.mutate(language, {
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('LANGUAGE.SAVE_FAILED'),
          message: t(errorMessageKeyOf(error)),
        }),
    });
  };

  return (
    <Menu position="bottom-end" shadow="md" width={200}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('LANGUAGE.CURRENT', { language: LANGUAGE_NAMES[current] })}
          loading={change.isPending}
        >
          {SHORT[current]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('LANGUAGE.LABEL')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={LANGUAGE_LOCALES[language]}
            aria-current={language === current ? 'true' : undefined}
            rightSection={language === current ? <IconCheck size={16} aria-hidden /> : null}
            onClick={() => pick(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
