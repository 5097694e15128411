import { Badge, Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { useConnections } from '../api/connections.ts';
import { AddConnectionModal } from '../components/add-connection-modal.tsx';

const STATUS_COLORS: Record<string, string> = {
  connected: 'teal',
  waiting_authentication: 'yellow',
  invalid_token: 'red',
  two_factor_auth_timeout: 'orange',
  error: 'red',
  created: 'gray',
};

/** Treasury › Wallets: the organization's bank connections and "Add bank connection". */
export function WalletsRoute() {
  const { t } = useTranslation();
  const organizationId = useSelectedOrganizationId();
  const connections = useConnections(organizationId);
  const [opened, modal] = useDisclosure(false);
  const list = connections.data ?? [];

  return (
    <>
      <PageHeader
        eyebrow={t('MENU.TREASURY.TITLE')}
        title={t('MENU.TREASURY.WALLETS')}
        description={t('MODULES.TREASURY.WALLETS')}
      />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={modal.open}>
          {t('CONNECTIONS.ADD.ACTION')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
          <Stack align="center" gap="sm" ta="center" maw={520} mx="auto">
            <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
              <IconBuildingBank size={28} />
            </ThemeIcon>
            <Title order={2} fz="lg">
              {t('MODULE_PAGE.EMPTY_TITLE')}
            </Title>
            <Text c="dimmed">{t('CONNECTIONS.LIST.EMPTY')}</Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p="md">
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label={t('CONNECTIONS.LIST.TITLE')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('CONNECTIONS.LIST.NAME')}</Table.Th>
                  <Table.Th>{t('CONNECTIONS.LIST.INSTITUTION')}</Table.Th>
                  <Table.Th>{t('CONNECTIONS.LIST.STATUS')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((connection) => (
                  <Table.Tr key={connection.id}>
                    <Table.Td>{connection.name}</Table.Td>
                    <Table.Td>{connection.institutionName}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[connection.status] ?? 'gray'} variant="light">
                        {t(`CONNECTIONS.STATUS.${connection.status.toUpperCase()}`)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <AddConnectionModal opened={opened} onClose={modal.close} />
    </>
  );
}
