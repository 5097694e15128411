import { presetGrants } from '@fluxo/domain/organizations/teams';
import { type Grants, grantsToStrings } from '@fluxo/domain/permissions';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { showSuccess } from '../../../components/widgets/toasts.ts';
import { useTeamMutations } from '../api/teams.ts';
import { AccessEditor } from './access-editor.tsx';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invites a colleague by e-mail with a role preset or a permission matrix. */
export function InviteDialog({
  organizationId,
  opened,
  onClose,
  limit,
}: {
  organizationId: string;
  opened: boolean;
  onClose: () => void;
  limit?: Grants;
}) {
  const { t } = useTranslation();
  const { invite } = useTeamMutations(organizationId);
  const [email, setEmail] = useState('');
  const [grants, setGrants] = useState<Grants>(() => presetGrants('viewer'));
  const [emailError, setEmailError] = useState<string | null>(null);

  const close = () => {
    setEmail('');
    setGrants(presetGrants('viewer'));
    setEmailError(null);
    invite.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('TEAMS.INVITE.TITLE')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const value = email.trim();
          if (!EMAIL.test(value)) {
            setEmailError(t(value ? 'VALIDATION.EMAIL' : 'TEAMS.INVITE.EMAIL_REQUIRED'));
            return;
          }
          invite.mutate(
            { email: value, permissions: grantsToStrings(grants) },
            {
              onSuccess: () => {
                showSuccess({ message: t('TEAMS.INVITE.SENT', { email: value }) });
                close();
              },
            },
          );
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('TEAMS.INVITE.EMAIL')}
            type="email"
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setEmailError(null);
            }}
            data-autofocus
          />
          <AccessEditor value={grants} onChange={setGrants} limit={limit} />
          <ErrorAlert error={invite.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('DIALOGS.CANCEL')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('TEAMS.INVITE.SEND')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
