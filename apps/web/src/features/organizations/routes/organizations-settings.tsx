import { leaveOrganizationContract, type Organization } from '@fluxo/domain/organizations/contracts';
import { Alert, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { showSuccess } from '../../../components/widgets/toasts.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import {
  setSelectedOrganizationId,
  useSelectedOrganizationId,
  useSession,
} from '../../../lib/auth/session.ts';
import { organizationsKeys } from '../api/get-organizations.ts';
import { useSetDefaultOrganization } from '../api/update-organization.ts';
import { defaultOrganization } from '../default-organization.ts';
import { useOrganizations } from '../hooks/use-organizations.ts';
import { useRemoveOrganization } from '../hooks/use-remove-organization.ts';

/**
 * User settings › My organizations (desktop and /m): every organization of the user with their role,
 * the default one (where they start), leaving one, and removing one they own after typing its VAT
 * number (spec §2 dialogs, §5).
 */
export function OrganizationsSettingsRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const selectedId = useSelectedOrganizationId();
  const { list, all, isPending, isError } = useOrganizations();
  const queryClient = useQueryClient();
  const setDefault = useSetDefaultOrganization();
  const removeOrganization = useRemoveOrganization();
  const leave = useMutation({
    mutationFn: (id: string) =>
      apiRequest(leaveOrganizationContract, { params: { id }, organizationId: id, appErrorHandling: false }),
    onSuccess: (_, id) => {
      if (id === selectedId) setSelectedOrganizationId(null);
      return queryClient.invalidateQueries({ queryKey: organizationsKeys.all });
    },
  });
  const defaultId = list ? defaultOrganization(list, session?.claims.defaultOrg)?.id : undefined;

  const askLeave = async (organization: Organization) => {
    const confirmed = await openConfirmDialog({
      title: t('ORGANIZATIONS_SETTINGS.LEAVE.TITLE', { name: organization.name }),
      message: t('ORGANIZATIONS_SETTINGS.LEAVE.MESSAGE', { name: organization.name }),
      confirmLabel: t('ORGANIZATIONS_SETTINGS.LEAVE.CONFIRM'),
      danger: true,
    });
    if (!confirmed) return;
    leave.mutate(organization.id, {
      onSuccess: () =>
        showSuccess({ message: t('ORGANIZATIONS_SETTINGS.LEAVE.DONE', { name: organization.name }) }),
    });
  };

  return (
    <>
      <PageHeader
        eyebrow={t('SHELL.PAGES.SETTINGS_GROUP')}
        title={t('SHELL.PAGES.SETTINGS_ORGANIZATIONS.TITLE')}
        description={t('SHELL.PAGES.SETTINGS_ORGANIZATIONS.PURPOSE')}
      />
      {isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : isError ? (
        <Alert color="red" variant="light">
          {t('ORGANIZATIONS_SETTINGS.LOAD_FAILED')}
        </Alert>
      ) : all.length === 0 ? (
        <Alert color="blue" variant="light">
          {t('ORGANIZATIONS.NONE')}
        </Alert>
      ) : (
        <Stack gap="sm">
          <ErrorAlert error={setDefault.error ?? leave.error} />
          {all.map((organization) => {
            const owner = organization.role === 'owner';
            const isDefault = organization.id === defaultId;
            return (
              <Card
                key={organization.id}
                withBorder
                radius="md"
                padding="md"
                component="section"
                aria-label={organization.name}
              >
                <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
                  <Stack gap={4}>
                    <Group gap="xs">
                      <Text fw={600}>{organization.name}</Text>
                      <Badge variant="light" color={owner ? undefined : 'gray'}>
                        {owner
                          ? t('ORGANIZATIONS_SETTINGS.ROLE.OWNER')
                          : t('ORGANIZATIONS_SETTINGS.ROLE.MEMBER')}
                      </Badge>
                      {isDefault && <Badge variant="filled">{t('ORGANIZATIONS_SETTINGS.DEFAULT')}</Badge>}
                      {organization.locked && (
                        <Badge variant="outline" color="red.9">
                          {t('ORGANIZATIONS.LOCKED')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t('ORGANIZATIONS_SETTINGS.VAT', {
                        country: organization.country,
                        vatNumber: organization.vatNumber,
                      })}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="wrap">
                    {!isDefault && !organization.locked && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={setDefault.isPending && setDefault.variables === organization.id}
                        aria-label={t('ORGANIZATIONS_SETTINGS.MAKE_DEFAULT_FOR', { name: organization.name })}
                        onClick={() =>
                          setDefault.mutate(organization.id, {
                            onSuccess: () =>
                              showSuccess({
                                message: t('ORGANIZATIONS_SETTINGS.DEFAULT_SET', { name: organization.name }),
                              }),
                          })
                        }
                      >
                        {t('ORGANIZATIONS_SETTINGS.MAKE_DEFAULT')}
                      </Button>
                    )}
                    {owner ? (
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        aria-label={t('DIALOGS.REMOVE_ORGANIZATION.ACTION', { name: organization.name })}
                        onClick={() => removeOrganization(organization)}
                      >
                        {t('ORGANIZATIONS_SETTINGS.REMOVE')}
                      </Button>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={t('ORGANIZATIONS_SETTINGS.LEAVE.ACTION_FOR', { name: organization.name })}
                        onClick={() => askLeave(organization)}
                      >
                        {t('ORGANIZATIONS_SETTINGS.LEAVE.ACTION')}
                      </Button>
                    )}
                  </Group>
                </Group>
                {owner && (
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('ORGANIZATIONS_SETTINGS.OWNER_CANNOT_LEAVE')}
                  </Text>
                )}
              </Card>
            );
          })}
        </Stack>
      )}
    </>
  );
}
