import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorMessageKeyOf, errorReferenceOf } from '../lib/api/errors.ts';

/**
 * "Reference: <id>": the server's id for a failed request (its X-Request-Id, also on every log line of
 * that request), for the user to quote to support. Nothing when there is no id.
 */
export function ErrorReference({ id }: { id: string | null | undefined }) {
  const { t } = useTranslation();
  if (!id) return null;
  return (
    <Text component="span" display="block" size="xs" c="dimmed" mt={4}>
      {t('GENERIC_ERROR.REFERENCE', { id })}
    </Text>
  );
}

/** A failed call said in the user's language (the server's messageKey), with its reference. */
export function ApiErrorMessage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <>
      {t(errorMessageKeyOf(error), { defaultValue: t('ERRORS.INTERNAL') })}
      <ErrorReference id={errorReferenceOf(error)} />
    </>
  );
}
