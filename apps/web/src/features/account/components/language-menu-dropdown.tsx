import { LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGES, type Language } from '@fluxo/domain/languages';
import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../components/api-error-message.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { useChangeLanguage } from '../api/change-language.ts';
import { LanguageButton } from './language-button.tsx';

/**
 * Switches the interface language in place; signed in, the account keeps the choice. Loaded on the
 * first use of the button (language-menu.tsx), which keeps the menu's code off the sign-in screen.
 */
export function LanguageMenuDropdown({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation();
  const change = useChangeLanguage();
  const current = currentLanguage();

  const pick = (language: Language) => {
    if (language === current) return;
    change.mutate(language, {
      onError: (error) =>
        notifications.show({
          closeButtonProps: { 'aria-label': t('COMMON.CLOSE') },
          color: 'red',
          title: t('LANGUAGE.SAVE_FAILED'),
          message: <ApiErrorMessage error={error} />,
        }),
    });
  };

  return (
    <Menu position="bottom-end" shadow="md" width={200} defaultOpened={defaultOpened}>
      <Menu.Target>
        <LanguageButton loading={change.isPending} />
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
