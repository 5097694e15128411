import type { TwoFactorStatus } from '@fluxo/domain/two-factor/contracts';
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useSetOrganizationRequirement } from '../api/two-factor.ts';

/** The owner's switch, per organization owned: every member must sign in with two-factor. */
export function OrganizationRequirement({ status }: { status: TwoFactorStatus }) {
  const { t } = useTranslation();
  const setRequirement = useSetOrganizationRequirement();
  const owned = status.organizations.filter((org) => org.owner);
  if (owned.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('TWO_FACTOR.ORGANIZATIONS.TITLE')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(status.enabled ? 'TWO_FACTOR.ORGANIZATIONS.TEXT' : 'TWO_FACTOR.ORGANIZATIONS.NEEDS_YOURS')}
        </Text>
        {owned.map((org) => (
          <Switch
            key={org.id}
            label={t('TWO_FACTOR.ORGANIZATIONS.REQUIRE', { name: org.name })}
            checked={org.required}
            // Turning it off stays possible; turning it on needs two-factor on for the owner first.
            disabled={setRequirement.isPending || (!status.enabled && !org.required)}
            onChange={(event) =>
              setRequirement.mutate({ organizationId: org.id, required: event.currentTarget.checked })
            }
          />
        ))}
        <ErrorAlert error={setRequirement.error} />
      </Stack>
    </Paper>
  );
}
