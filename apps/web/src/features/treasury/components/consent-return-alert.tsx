import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConsentReturn } from '../../connections/hooks/use-consent-return.ts';

/** What the bank's redirect back came to: said once, above the list. */
export function ConsentReturnAlert({ result }: { result: ConsentReturn }) {
  const { t } = useTranslation();
  if (result.state === 'idle') return null;
  if (result.state === 'checking')
    return <Alert color="blue">{t('TREASURY.CONNECTIONS.RETURN_CHECKING')}</Alert>;
  if (result.state === 'connected')
    return (
      <Alert color="teal" role="status">
        {t('TREASURY.CONNECTIONS.RETURN_CONNECTED', { count: result.accounts })}
      </Alert>
    );
  if (result.state === 'pending')
    return <Alert color="yellow">{t('TREASURY.CONNECTIONS.RETURN_PENDING')}</Alert>;
  if (result.state === 'refused')
    return (
      <Alert color="red" role="alert">
        {t('TREASURY.CONNECTIONS.RETURN_REFUSED')}
      </Alert>
    );
  return (
    <Alert color="red" role="alert">
      {t(`ERRORS.${result.code}`, { defaultValue: t('TREASURY.CONNECTIONS.RETURN_FAILED') })}
    </Alert>
  );
}
