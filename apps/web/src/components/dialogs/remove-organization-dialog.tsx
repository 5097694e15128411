import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { i18n } from '../../lib/i18n/i18n.ts';
import { type RemovalConfirmation, removalProblem } from './remove-organization-check.ts';
import { openTextInputDialog } from './text-input-dialog.tsx';

/**
 * Spec §2/§5: removing an organization is confirmed by typing its VAT number or the owner's
 * e-mail. Resolves with the value typed (the server checks it again) once it is right and
 * confirmed, null when cancelled.
 */
export async function openRemoveOrganizationDialog({
  organizationName,
  confirmation,
  before,
}: {
  organizationName: string;
  confirmation: RemovalConfirmation;
  /** Shown above the confirmation (the data export the owner may take first). */
  before?: ReactNode;
}): Promise<string | null> {
  const byVat = confirmation.kind === 'vat';
  const text = i18n.t(
    byVat ? 'DIALOGS.REMOVE_ORGANIZATION.TEXT_VAT' : 'DIALOGS.REMOVE_ORGANIZATION.TEXT_EMAIL',
    { name: organizationName },
  );
  const value = await openTextInputDialog({
    title: i18n.t('DIALOGS.REMOVE_ORGANIZATION.TITLE', { name: organizationName }),
    message: before ? (
      <Stack gap="sm">
        {before}
        <Text size="sm">{text}</Text>
      </Stack>
    ) : (
      text
    ),
    label: i18n.t(
      byVat ? 'DIALOGS.REMOVE_ORGANIZATION.VAT_LABEL' : 'DIALOGS.REMOVE_ORGANIZATION.EMAIL_LABEL',
    ),
    confirmLabel: i18n.t('DIALOGS.REMOVE_ORGANIZATION.CONFIRM'),
    danger: true,
    validate: (text) => removalProblem(text, confirmation),
  });
  return value;
}
