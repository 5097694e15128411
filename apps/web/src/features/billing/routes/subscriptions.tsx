import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ScheduleDetailModal } from '../schedules/components/schedule-detail-modal.tsx';
import { ScheduleFormModal } from '../schedules/components/schedule-form-modal.tsx';
import { SchedulesTable } from '../schedules/components/schedules-table.tsx';
import { useSchedulesPage } from '../schedules/hooks/use-schedules-page.ts';

/**
 * /billing/subscriptions: recurring billing — the organization bills its customers on a schedule.
 * (Fluxo's own plan is at /settings/plan.)
 */
export function BillingSchedulesRoute() {
  const { t } = useTranslation();
  const page = useSchedulesPage();
  const { schedules, can } = page;
  const list = schedules.data ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <PageHeader
          title={t('MENU.BILLING.SUBSCRIPTIONS')}
          description={t('MODULES.BILLING.SUBSCRIPTIONS')}
        />
        {can.create && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => page.setEditing('new')}>
            {t('BILLING.SCHEDULES.NEW')}
          </Button>
        )}
      </Group>
      {schedules.isPending && <SectionLoader label={t('COMMON.LOADING')} />}
      <ErrorAlert error={schedules.error} />
      {schedules.isSuccess && list.length === 0 && (
        <Card withBorder radius="lg" padding="lg">
          <Text c="dimmed">{t('BILLING.SCHEDULES.EMPTY')}</Text>
        </Card>
      )}
      {list.length > 0 && <SchedulesTable schedules={list} onOpen={page.setDetailId} />}
      {page.editing && (
        <ScheduleFormModal
          opened
          schedule={page.editing === 'new' ? null : page.editing}
          onClose={() => page.setEditing(null)}
        />
      )}
      <ScheduleDetailModal
        id={page.editing ? null : page.detailId}
        onClose={() => page.setDetailId(null)}
        onEdit={(schedule) => page.setEditing(schedule)}
        onAction={page.act}
        busy={page.action.isPending}
        actionError={page.action.error}
        can={can}
      />
    </Stack>
  );
}
