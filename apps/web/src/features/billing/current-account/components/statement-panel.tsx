import type { PartyRole } from '@fluxo/domain/billing/payments-contracts';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCash, IconDownload, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { SectionLoader } from '../../../../components/full-page-loader.tsx';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { useDownloadStatement, useStatement } from '../api/current-account.ts';
import { useCurrentAccountPermissions } from '../hooks/use-current-account-permissions.ts';
import { CancelPaymentModal } from './cancel-payment-modal.tsx';
import { RecordPaymentModal } from './record-payment-modal.tsx';
import { ReminderModal } from './reminder-modal.tsx';

/** A party's statement: balance, open items, and every movement of the period with the running balance. */
export function StatementPanel({
  partyId,
  role,
  compact = false,
}: {
  partyId: string;
  role: PartyRole;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const can = useCurrentAccountPermissions();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [recording, setRecording] = useState(false);
  const [reminding, setReminding] = useState(false);
  const [cancelling, setCancelling] = useState<{ id: string; number: string } | null>(null);
  const statement = useStatement(partyId, role, from, to);
  const download = useDownloadStatement();

  if (statement.isError) return <ErrorAlert error={statement.error} />;
  if (statement.isPending) return <SectionLoader label={t('COMMON.LOADING')} />;
  const data = statement.data;
  const owed = data.openItems.filter((item) => item.open > 0);
  const openTotal = data.openItems.reduce((sum, item) => sum + item.open, 0);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="statement-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="statement-title">
              {data.party.name}
            </Title>
            <Text size="sm" c="dimmed">
              {data.party.taxId}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {t('BILLING.CURRENT_ACCOUNT.BALANCE')}
            </Text>
            <Text
              fw={700}
              fz="xl"
              aria-label={t('BILLING.CURRENT_ACCOUNT.BALANCE')}
              data-testid="party-balance"
            >
              {money(openTotal, data.currency)}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          {can.recordPayment && owed.length > 0 && (
            <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setRecording(true)}>
              {t('BILLING.PAYMENTS.RECORD')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate({ partyId, role, from, to })}
          >
            {t('BILLING.CURRENT_ACCOUNT.DOWNLOAD_PDF')}
          </Button>
          {can.sendReminder && role === 'customer' && owed.length > 0 && (
            <Button
              variant="default"
              leftSection={<IconMail size={16} aria-hidden />}
              onClick={() => setReminding(true)}
            >
              {t('BILLING.CURRENT_ACCOUNT.SEND_REMINDER')}
            </Button>
          )}
        </Group>
        <ErrorAlert error={download.error} />

        <Title order={3} fz="md">
          {t('BILLING.CURRENT_ACCOUNT.OPEN_ITEMS')}
        </Title>
        {data.openItems.length === 0 ? (
          <Text c="dimmed">{t('BILLING.CURRENT_ACCOUNT.NOTHING_OPEN')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={compact ? 0 : 560}>
            <Table aria-label={t('BILLING.CURRENT_ACCOUNT.OPEN_ITEMS')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('BILLING.CURRENT_ACCOUNT.DOCUMENT')}</Table.Th>
                  {!compact && <Table.Th>{t('BILLING.CURRENT_ACCOUNT.DATE')}</Table.Th>}
                  <Table.Th>{t('BILLING.CURRENT_ACCOUNT.DUE_DATE')}</Table.Th>
                  <Table.Th ta="right">{t('BILLING.CURRENT_ACCOUNT.OPEN')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.openItems.map((item) => (
                  <Table.Tr key={item.documentId ?? item.purchaseId}>
                    <Table.Td>{item.number}</Table.Td>
                    {!compact && <Table.Td>{date(item.documentDate)}</Table.Td>}
                    <Table.Td>
                      {date(item.dueDate)}{' '}
                      {item.daysOverdue > 0 && (
                        <Badge color="red" variant="light" size="sm">
                          {t('BILLING.CURRENT_ACCOUNT.DAYS_OVERDUE', { count: item.daysOverdue })}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{money(item.open, data.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}

        <Group justify="space-between" align="flex-end">
          <Title order={3} fz="md">
            {t('BILLING.CURRENT_ACCOUNT.STATEMENT')}
          </Title>
          <SimpleGrid cols={2} spacing="xs">
            <TextInput
              type="date"
              size="xs"
              label={t('BILLING.CURRENT_ACCOUNT.FROM')}
              value={from || data.from}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              size="xs"
              label={t('BILLING.CURRENT_ACCOUNT.TO')}
              value={to || data.to}
              onChange={(event) => setTo(event.currentTarget.value)}
            />
          </SimpleGrid>
        </Group>
        <Table.ScrollContainer minWidth={compact ? 0 : 640}>
          <Table aria-label={t('BILLING.CURRENT_ACCOUNT.STATEMENT')} verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('BILLING.CURRENT_ACCOUNT.DATE')}</Table.Th>
                <Table.Th>{t('BILLING.CURRENT_ACCOUNT.DOCUMENT')}</Table.Th>
                {!compact && <Table.Th ta="right">{t('BILLING.CURRENT_ACCOUNT.DEBIT')}</Table.Th>}
                {!compact && <Table.Th ta="right">{t('BILLING.CURRENT_ACCOUNT.CREDIT')}</Table.Th>}
                <Table.Th ta="right">{t('BILLING.CURRENT_ACCOUNT.RUNNING_BALANCE')}</Table.Th>
                {can.cancelPayment && (
                  <Table.Th>
                    <VisuallyHidden>{t('BILLING.CURRENT_ACCOUNT.ACTIONS')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{date(data.from)}</Table.Td>
                <Table.Td>{t('BILLING.CURRENT_ACCOUNT.OPENING_BALANCE')}</Table.Td>
                {!compact && <Table.Td />}
                {!compact && <Table.Td />}
                <Table.Td ta="right">{money(data.openingBalance, data.currency)}</Table.Td>
                {can.cancelPayment && <Table.Td />}
              </Table.Tr>
              {data.entries.map((entry) => (
                <Table.Tr key={`${entry.kind}-${entry.id}`}>
                  <Table.Td>{date(entry.date)}</Table.Td>
                  <Table.Td>
                    {entry.kind === 'payment'
                      ? t('BILLING.CURRENT_ACCOUNT.PAYMENT_ENTRY', { number: entry.number || '—' })
                      : entry.number}
                    {compact && (
                      <Text size="xs" c="dimmed">
                        {entry.debit > 0
                          ? money(entry.debit, data.currency)
                          : money(-entry.credit, data.currency)}
                      </Text>
                    )}
                  </Table.Td>
                  {!compact && (
                    <Table.Td ta="right">{entry.debit ? money(entry.debit, data.currency) : ''}</Table.Td>
                  )}
                  {!compact && (
                    <Table.Td ta="right">{entry.credit ? money(entry.credit, data.currency) : ''}</Table.Td>
                  )}
                  <Table.Td ta="right">{money(entry.balance, data.currency)}</Table.Td>
                  {can.cancelPayment && (
                    <Table.Td>
                      {entry.kind === 'payment' && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setCancelling({ id: entry.id, number: entry.number })}
                          aria-label={t('BILLING.PAYMENTS.CANCEL_FOR', { number: entry.number || '—' })}
                        >
                          {t('BILLING.PAYMENTS.CANCEL')}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {recording && (
        <RecordPaymentModal
          opened
          onClose={() => setRecording(false)}
          partyId={partyId}
          role={role}
          items={data.openItems}
          currency={data.currency}
          fullScreen={compact}
        />
      )}
      {cancelling && (
        <CancelPaymentModal payment={cancelling} onClose={() => setCancelling(null)} fullScreen={compact} />
      )}
      {reminding && (
        <ReminderModal
          opened
          onClose={() => setReminding(false)}
          partyId={partyId}
          email={data.party.email}
          currency={data.currency}
          fullScreen={compact}
        />
      )}
    </Card>
  );
}
