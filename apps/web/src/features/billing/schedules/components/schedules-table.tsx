import type { BillingSchedule } from '@fluxo/domain/billing/schedules-contracts';
import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { ScheduleStatus, useFrequencyText } from './schedule-status.tsx';

/** The desktop list: customer, amount, frequency, next date, status and documents produced. */
export function SchedulesTable({
  schedules,
  onOpen,
}: {
  schedules: readonly BillingSchedule[];
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const frequency = useFrequencyText();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover aria-label={t('BILLING.SCHEDULES.LIST_LABEL')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('BILLING.SCHEDULES.COLUMNS.NAME')}</Table.Th>
            <Table.Th>{t('BILLING.SCHEDULES.COLUMNS.CUSTOMER')}</Table.Th>
            <Table.Th ta="right">{t('BILLING.SCHEDULES.COLUMNS.AMOUNT')}</Table.Th>
            <Table.Th>{t('BILLING.SCHEDULES.COLUMNS.FREQUENCY')}</Table.Th>
            <Table.Th>{t('BILLING.SCHEDULES.COLUMNS.NEXT_DATE')}</Table.Th>
            <Table.Th>{t('BILLING.SCHEDULES.COLUMNS.STATUS')}</Table.Th>
            <Table.Th ta="right">{t('BILLING.SCHEDULES.COLUMNS.DOCUMENTS')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schedules.map((schedule) => (
            <Table.Tr key={schedule.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} onClick={() => onOpen(schedule.id)}>
                  {schedule.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{schedule.partyName}</Table.Td>
              <Table.Td ta="right">{money(schedule.netAmount, schedule.currency)}</Table.Td>
              <Table.Td>
                <Text size="sm" truncate="end" maw={220}>
                  {frequency(schedule)}
                </Text>
              </Table.Td>
              <Table.Td>{schedule.nextDate ? date(schedule.nextDate) : '—'}</Table.Td>
              <Table.Td>
                <ScheduleStatus status={schedule.status} />
              </Table.Td>
              <Table.Td ta="right">{schedule.documentCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
