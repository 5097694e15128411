import type { BillingSchedule } from '@fluxo/domain/billing/schedules-contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<BillingSchedule['status'], string> = { active: 'teal', paused: 'yellow', ended: 'gray' };

export function ScheduleStatus({ status }: { status: BillingSchedule['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`BILLING.SCHEDULES.STATUS.${status.toUpperCase()}`)}
    </Badge>
  );
}

/** "Monthly", "Quarterly", "Yearly", or the custom rule itself. */
export function useFrequencyText() {
  const { t } = useTranslation();
  return (schedule: Pick<BillingSchedule, 'frequency' | 'rrule'>) =>
    schedule.frequency === 'custom'
      ? t('BILLING.SCHEDULES.FREQUENCY.CUSTOM_RULE', { rule: schedule.rrule })
      : t(`BILLING.SCHEDULES.FREQUENCY.${schedule.frequency.toUpperCase()}`);
}
