import type { Connection } from '@fluxo/domain/connections/contracts';
import { Badge, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_SCROLL } from './keyboard-scroll.ts';

const STATUS_COLORS: Record<string, string> = {
  connected: 'teal',
  waiting_authentication: 'yellow',
  invalid_token: 'red',
  two_factor_auth_timeout: 'orange',
  consent_expired: 'orange',
  error: 'red',
  created: 'gray',
};

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="dot">
      {t(`CONNECTIONS.STATUS.${status.toUpperCase()}`)}
    </Badge>
  );
}

/** The organization's bank connections and their state: a table on desktop, a list of cards on a phone. */
export function ConnectionsSection({
  connections,
  compact = false,
}: {
  connections: Connection[];
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (connections.length === 0) return null;
  return (
    <Card
      withBorder
      radius="lg"
      padding={compact ? 'sm' : 'lg'}
      component="section"
      aria-labelledby="connections-title"
    >
      <Group gap="xs" mb="sm">
        <IconBuildingBank size={20} aria-hidden />
        <Title order={2} fz="lg" id="connections-title">
          {t('CONNECTIONS.LIST.TITLE')}
        </Title>
      </Group>
      {compact ? (
        <List listStyleType="none" spacing="xs" aria-label={t('CONNECTIONS.LIST.TITLE')}>
          {connections.map((connection) => (
            <List.Item key={connection.id}>
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={600}>{connection.name}</Text>
                  <Text size="xs" c="dimmed">
                    {connection.institutionName}
                  </Text>
                </Stack>
                <StatusBadge status={connection.status} />
              </Group>
            </List.Item>
          ))}
        </List>
      ) : (
        <Table.ScrollContainer minWidth={420} scrollAreaProps={KEYBOARD_SCROLL}>
          <Table aria-label={t('CONNECTIONS.LIST.TITLE')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('CONNECTIONS.LIST.NAME')}</Table.Th>
                <Table.Th>{t('CONNECTIONS.LIST.INSTITUTION')}</Table.Th>
                <Table.Th>{t('CONNECTIONS.LIST.STATUS')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {connections.map((connection) => (
                <Table.Tr key={connection.id}>
                  <Table.Td>{connection.name}</Table.Td>
                  <Table.Td>{connection.institutionName}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={connection.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
