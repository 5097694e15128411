import type { Connection } from '@fluxo/domain/connections/contracts';
import { Badge, Button, Card, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../lib/format/money.ts';
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

const statusKey = (status: string) =>
  status === 'consent_expired'
    ? 'TREASURY.CONNECTIONS.STATUS_CONSENT_EXPIRED'
    : `CONNECTIONS.STATUS.${status.toUpperCase()}`;

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="dot">
      {t(statusKey(status))}
    </Badge>
  );
}

/** Until when the bank consent holds, and "Renew" when it has ended or soon will. */
function Consent({ connection, onRenew }: { connection: Connection; onRenew?: (id: string) => void }) {
  const { t } = useTranslation();
  const date = useFormatDate();
  const due = connection.consentExpiringSoon || connection.status === 'consent_expired';
  return (
    <Group gap="xs" wrap="wrap">
      {connection.consentExpiresAt && (
        <Text size="sm">
          {t('TREASURY.CONNECTIONS.CONSENT_UNTIL', { date: date(connection.consentExpiresAt) })}
        </Text>
      )}
      {due && onRenew && (
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => onRenew(connection.id)}
          aria-label={t('TREASURY.CONNECTIONS.RENEW_LABEL', { name: connection.name })}
        >
          {t('TREASURY.CONNECTIONS.RENEW')}
        </Button>
      )}
    </Group>
  );
}

/** The organization's bank connections and their state: a table on desktop, a list of cards on a phone. */
export function ConnectionsSection({
  connections,
  compact = false,
  onRenew,
}: {
  connections: Connection[];
  compact?: boolean;
  /** Given when the member may renew consents (treasury.cash CREATE). */
  onRenew?: (id: string) => void;
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
              <Consent connection={connection} onRenew={onRenew} />
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
                <Table.Th>{t('TREASURY.CONNECTIONS.CONSENT')}</Table.Th>
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
                  <Table.Td>
                    <Consent connection={connection} onRenew={onRenew} />
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
