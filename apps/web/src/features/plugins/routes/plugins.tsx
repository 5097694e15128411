import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { Alert, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useOrganizations } from '../../organizations/hooks/use-organizations.ts';
import { usePlugins } from '../api/plugins.ts';
import { PluginCard } from '../components/plugin-card.tsx';

const { VIEW, EDIT } = PermissionFlag;

/**
 * User settings › Plugins (desktop and /m): the selected organization's integrations as cards (one
 * column on a phone), each turned on, configured and tested in place. Secrets are never shown: the
 * server says only whether each is stored.
 */
export function PluginsRoute() {
  const { t } = useTranslation();
  const { selected, isPending } = useOrganizations();
  return (
    <>
      <PageHeader
        eyebrow={t('SHELL.PAGES.SETTINGS_GROUP')}
        title={t('SHELL.PAGES.SETTINGS_PLUGINS_MANAGEMENT.TITLE')}
        description={t('SHELL.PAGES.SETTINGS_PLUGINS_MANAGEMENT.PURPOSE')}
      />
      {isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : !selected ? (
        <Alert color="blue" variant="light">
          {t('PLUGINS.NO_ORGANIZATION')}
        </Alert>
      ) : !canFromStrings(selected.permissions, 'settings.plugins', VIEW) ? (
        <Alert color="blue" variant="light">
          {t('PLUGINS.NO_ACCESS', { name: selected.name })}
        </Alert>
      ) : (
        <Plugins
          key={selected.id}
          organizationId={selected.id}
          organizationName={selected.name}
          canEdit={canFromStrings(selected.permissions, 'settings.plugins', EDIT)}
        />
      )}
    </>
  );
}

function Plugins({
  organizationId,
  organizationName,
  canEdit,
}: {
  organizationId: string;
  organizationName: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const plugins = usePlugins(organizationId);
  if (plugins.isPending) return <SectionLoader label={t('COMMON.LOADING')} />;
  if (plugins.isError) return <ErrorAlert error={plugins.error} />;
  return (
    <>
      <Title order={2} size="h3" mb="xs">
        {t('PLUGINS.INTEGRATIONS_OF', { name: organizationName })}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('PLUGINS.SECRETS_NOTE')}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {plugins.data.plugins.map((plugin) => (
          <PluginCard
            key={`${plugin.key}-${plugin.updatedAt ?? 'new'}`}
            organizationId={organizationId}
            plugin={plugin}
            canEdit={canEdit}
          />
        ))}
      </SimpleGrid>
    </>
  );
}
