import type { Party } from '@fluxo/domain/billing/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/dialogs/confirm-dialog.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { type PartyRole, useParties, useUpdateParty } from '../../api/catalogue.ts';
import { PartyFormModal } from '../components/party-form-modal.tsx';
import { toastApiError } from '../components/toast-api-error.ts';
import { useCataloguePermissions } from '../hooks/use-catalogue-permissions.ts';

type Filter = 'all' | PartyRole;

function RoleBadges({ party }: { party: Party }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {party.isCustomer && (
        <Badge size="sm" variant="light">
          {t('BILLING.CATALOGUE.PARTIES.CUSTOMER')}
        </Badge>
      )}
      {party.isSupplier && (
        <Badge size="sm" variant="light" color="grape">
          {t('BILLING.CATALOGUE.PARTIES.SUPPLIER')}
        </Badge>
      )}
      {party.archived && (
        <Badge size="sm" variant="outline" color="gray">
          {t('BILLING.CATALOGUE.ARCHIVED')}
        </Badge>
      )}
    </Group>
  );
}

/** Customers and suppliers: search by name or tax number, filter by role, create, edit, archive. */
export default function PartiesPanel({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const permissions = useCataloguePermissions();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [filter, setFilter] = useState<Filter>('all');
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Party | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const parties = useParties(q, filter === 'all' ? null : filter);
  const update = useUpdateParty();
  const mobile = variant === 'mobile';

  const open = (party: Party | null) => {
    setEditing(party);
    setFormOpen(true);
  };
  const toggleArchive = async (party: Party) => {
    if (!party.archived) {
      const confirmed = await openConfirmDialog({
        title: t('BILLING.CATALOGUE.PARTIES.ARCHIVE_TITLE'),
        message: t('BILLING.CATALOGUE.PARTIES.ARCHIVE_MESSAGE', { name: party.name }),
        confirmLabel: t('BILLING.CATALOGUE.ARCHIVE'),
      });
      if (!confirmed) return;
    }
    update.mutate({ id: party.id, body: { archived: !party.archived } }, { onError: toastApiError });
  };

  const list = (parties.data ?? []).filter((party) => showArchived || !party.archived);

  const actions = (party: Party) =>
    permissions.edit && (
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          aria-label={t('BILLING.CATALOGUE.EDIT_NAMED', { name: party.name })}
          onClick={() => open(party)}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color={party.archived ? 'teal' : 'gray'}
          aria-label={t(
            party.archived ? 'BILLING.CATALOGUE.UNARCHIVE_NAMED' : 'BILLING.CATALOGUE.ARCHIVE_NAMED',
            {
              name: party.name,
            },
          )}
          onClick={() => void toggleArchive(party)}
        >
          {party.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />}
        </ActionIcon>
      </Group>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          style={{ flex: 1, minWidth: mobile ? '100%' : 240 }}
          label={t('BILLING.CATALOGUE.PARTIES.SEARCH')}
          placeholder={t('BILLING.CATALOGUE.PARTIES.SEARCH_HINT')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {permissions.create && (
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => open(null)}
            fullWidth={mobile}
          >
            {t('BILLING.CATALOGUE.PARTIES.NEW')}
          </Button>
        )}
      </Group>
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          aria-label={t('BILLING.CATALOGUE.PARTIES.ROLE_FILTER')}
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          fullWidth={mobile}
          style={mobile ? { width: '100%' } : undefined}
          data={[
            { value: 'all', label: t('BILLING.CATALOGUE.PARTIES.ALL') },
            { value: 'customer', label: t('BILLING.CATALOGUE.PARTIES.CUSTOMERS') },
            { value: 'supplier', label: t('BILLING.CATALOGUE.PARTIES.SUPPLIERS') },
          ]}
        />
        <Checkbox
          label={t('BILLING.CATALOGUE.SHOW_ARCHIVED')}
          checked={showArchived}
          onChange={(event) => setShowArchived(event.currentTarget.checked)}
        />
      </Group>
      <ErrorAlert error={parties.error} />
      {parties.isPending ? (
        <Loader aria-label={t('COMMON.LOADING')} />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {q ? t('BILLING.CATALOGUE.PARTIES.NONE_FOUND') : t('BILLING.CATALOGUE.PARTIES.EMPTY')}
        </Text>
      ) : mobile ? (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('BILLING.CATALOGUE.PARTIES.TITLE')}
        >
          {list.map((party) => (
            <Card key={party.id} component="li" withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {party.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {party.country} {party.taxId}
                    {party.email ? ` · ${party.email}` : ''}
                  </Text>
                  <RoleBadges party={party} />
                </Stack>
                {actions(party)}
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover aria-label={t('BILLING.CATALOGUE.PARTIES.TITLE')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('BILLING.CATALOGUE.PARTY.NAME')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PARTY.TAX_ID')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PARTY.COUNTRY')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PARTY.EMAIL')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.PARTIES.ROLE')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('BILLING.CATALOGUE.ACTIONS')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((party) => (
                <Table.Tr key={party.id}>
                  <Table.Td>{party.name}</Table.Td>
                  <Table.Td>{party.taxId}</Table.Td>
                  <Table.Td>{party.country}</Table.Td>
                  <Table.Td>{party.email ?? ''}</Table.Td>
                  <Table.Td>
                    <RoleBadges party={party} />
                  </Table.Td>
                  <Table.Td>{actions(party)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <PartyFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        party={editing}
        defaultCountry={permissions.country}
        defaultRole={filter === 'supplier' ? 'supplier' : 'customer'}
        fullScreen={mobile}
      />
    </Stack>
  );
}
