import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ApiErrorMessage } from './api-error-message.tsx';

/** A failed call said in the user's language (the server's messageKey), announced as an alert, with its reference. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
      <ApiErrorMessage error={error} />
    </Alert>
  );
}
