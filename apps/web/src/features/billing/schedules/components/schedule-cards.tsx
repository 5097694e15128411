import type { BillingSchedule } from '@fluxo/domain/billing/schedules-contracts';
import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { ScheduleStatus, useFrequencyText } from './schedule-status.tsx';

/** The phone list: one card per schedule, the whole card opens it. */
export function ScheduleCards({
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
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('BILLING.SCHEDULES.LIST_LABEL')}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {schedules.map((schedule) => (
        <li key={schedule.id}>
          <Card withBorder radius="md" padding="sm">
            <UnstyledButton onClick={() => onOpen(schedule.id)} w="100%" aria-label={schedule.name}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} miw={0}>
                  <Text fw={600} truncate="end">
                    {schedule.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate="end">
                    {schedule.partyName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {frequency(schedule)} ·{' '}
                    {schedule.nextDate
                      ? t('BILLING.SCHEDULES.NEXT_ON', { date: date(schedule.nextDate) })
                      : t('BILLING.SCHEDULES.STATUS.ENDED')}
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end">
                  <Text fw={600}>{money(schedule.netAmount, schedule.currency)}</Text>
                  <ScheduleStatus status={schedule.status} />
                  <Text size="xs" c="dimmed">
                    {t('BILLING.SCHEDULES.DOCUMENT_COUNT', { count: schedule.documentCount })}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
