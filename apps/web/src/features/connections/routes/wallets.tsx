import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useSelectedOrganizationId } from '../../../lib/auth/session.ts';
import { useConnections, useRenewConnection } from '../api/connections.ts';
import { AddConnectionModal } from '../components/add-connection-modal.tsx';
import { type ConsentReturn, useConsentReturn } from '../hooks/use-consent-return.ts';

const STATUS_COLORS: Record<string, string> = {
  connected: 'teal',
  waiting_authentication: 'yellow',
  invalid_token: 'red',
  two_factor_auth_timeout: 'orange',
  error: 'red',
  created: 'gray',
  consent_expired: 'orange',
};

const statusKey = (status: string) =>
  status === 'consent_expired'
    ? 'TREASURY.CONNECTIONS.STATUS_CONSENT_EXPIRED'
    : `CONNECTIONS.STATUS.${status.toUpperCase()}`;

/** What the bank's redirect back came to: said once, above the list. */
function ConsentReturnAlert({ result }: { result: ConsentReturn }) {
  const { t } = useTranslation();
  if (result.state === 'idle') return null;
  if (result.state === 'checking')
    return <Alert color="blue">{t('TREASURY.CONNECTIONS.RETURN_CHECKING')}</Alert>;
  if (result.state === 'connected')
    return (
      <Alert color="teal" role="status">
        {t('TREASURY.CONNECTIONS.RETURN_CONNECTED', { count: result.accounts })}
      </Alert>
    );
  if (result.state === 'pending')
    return <Alert color="yellow">{t('TREASURY.CONNECTIONS.RETURN_PENDING')}</Alert>;
  if (result.state === 'refused')
    return (
      <Alert color="red" role="alert">
        {t('TREASURY.CONNECTIONS.RETURN_REFUSED')}
      </Alert>
    );
  return (
    <Alert color="red" role="alert">
      {t(`ERRORS.${result.code}`, { defaultValue: t('TREASURY.CONNECTIONS.RETURN_FAILED') })}
    </Alert>
  );
}

/** Treasury › Wallets: the organization's bank connections and "Add bank connection". */
export function WalletsRoute() {
  const { t } = useTranslation();
  const organizationId = useSelectedOrganizationId();
  const connections = useConnections(organizationId);
  const [opened, modal] = useDisclosure(false);
  const list = connections.data ?? [];
  const consentReturn = useConsentReturn();
  const renew = useRenewConnection();

  async function renewConsent(id: string) {
    const renewed = await renew.mutateAsync(id);
    if (renewed.authorizationUrl) window.location.assign(renewed.authorizationUrl);
  }

  return (
    <>
      <PageHeader
        eyebrow={t('MENU.TREASURY.TITLE')}
        title={t('MENU.TREASURY.WALLETS')}
        description={t('MODULES.TREASURY.WALLETS')}
      />
      <Stack gap="sm" mb="md">
        <ConsentReturnAlert result={consentReturn} />
        {renew.isError && (
          <Alert color="red" role="alert">
            {t('TREASURY.CONNECTIONS.RENEW_FAILED')}
          </Alert>
        )}
      </Stack>
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
                  <Table.Th>{t('TREASURY.CONNECTIONS.CONSENT')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((connection) => (
                  <Table.Tr key={connection.id}>
                    <Table.Td>{connection.name}</Table.Td>
                    <Table.Td>{connection.institutionName}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[connection.status] ?? 'gray'} variant="light">
                        {t(statusKey(connection.status))}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {connection.consentExpiresAt && (
                          <Text size="sm" c={connection.consentExpiringSoon ? 'orange' : 'dimmed'}>
                            {t('TREASURY.CONNECTIONS.CONSENT_UNTIL', {
                              date: new Date(connection.consentExpiresAt).toLocaleDateString(),
                            })}
                          </Text>
                        )}
                        {(connection.consentExpiringSoon || connection.status === 'consent_expired') && (
                          <Button
                            size="xs"
                            variant="light"
                            loading={renew.isPending && renew.variables === connection.id}
                            onClick={() => void renewConsent(connection.id).catch(() => undefined)}
                            aria-label={t('TREASURY.CONNECTIONS.RENEW_LABEL', { name: connection.name })}
                          >
                            {t('TREASURY.CONNECTIONS.RENEW')}
                          </Button>
                        )}
                      </Group>
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
