import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageKeyOf } from '../lib/api/errors.ts';

/** A failed call said in the user's language (the server's messageKey), announced as an alert. */
export function ErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      {t(errorMessageKeyOf(error), { defaultValue: t('ERRORS.INTERNAL') })}
    </Alert>
  );
}
