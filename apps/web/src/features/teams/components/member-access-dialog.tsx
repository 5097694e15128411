import type { TeamMember } from '@fluxo/domain/organizations/teams';
import { type Grants, grantsToStrings, stringsToGrants } from '@fluxo/domain/permissions';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { showSuccess } from '../../../components/widgets/toasts.ts';
import { useTeamMutations } from '../api/teams.ts';
import { AccessEditor } from './access-editor.tsx';

/** Changes what a member can access; the member's menu follows live. */
export function MemberAccessDialog({
  organizationId,
  member,
  onClose,
  limit,
}: {
  organizationId: string;
  member: TeamMember;
  onClose: () => void;
  limit?: Grants;
}) {
  const { t } = useTranslation();
  const { setPermissions } = useTeamMutations(organizationId);
  const [grants, setGrants] = useState<Grants>(() => stringsToGrants(member.permissions));
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('TEAMS.EDIT.TITLE', { name: member.name })}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <Stack gap="md">
        <AccessEditor value={grants} onChange={setGrants} limit={limit} />
        <ErrorAlert error={setPermissions.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('DIALOGS.CANCEL')}
          </Button>
          <Button
            loading={setPermissions.isPending}
            onClick={() =>
              setPermissions.mutate(
                { userId: member.userId, permissions: grantsToStrings(grants) },
                {
                  onSuccess: () => {
                    showSuccess({ message: t('TEAMS.EDIT.SAVED', { name: member.name }) });
                    onClose();
                  },
                },
              )
            }
          >
            {t('TEAMS.EDIT.SAVE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
