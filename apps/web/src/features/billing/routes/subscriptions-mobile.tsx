import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { ScheduleCards } from '../schedules/components/schedule-cards.tsx';
import { ScheduleDetailModal } from '../schedules/components/schedule-detail-modal.tsx';
import { ScheduleFormModal } from '../schedules/components/schedule-form-modal.tsx';
import { useSchedulesPage } from '../schedules/hooks/use-schedules-page.ts';

/** Recurring billing on a phone: cards instead of a table, dialogs as full-screen sheets. */
export function MobileBillingSchedulesRoute() {
  const { t } = useTranslation();
  const page = useSchedulesPage();
  const { schedules, can } = page;
  const list = schedules.data ?? [];
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {t('MENU.BILLING.SUBSCRIPTIONS')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('MODULES.BILLING.SUBSCRIPTIONS')}
        </Text>
      </Stack>
      {can.create && (
        <Button
          size="md"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => page.setEditing('new')}
        >
          {t('BILLING.SCHEDULES.NEW')}
        </Button>
      )}
      {schedules.isPending && <SectionLoader label={t('COMMON.LOADING')} />}
      <ErrorAlert error={schedules.error} />
      {schedules.isSuccess && list.length === 0 && <Text c="dimmed">{t('BILLING.SCHEDULES.EMPTY')}</Text>}
      {list.length > 0 && <ScheduleCards schedules={list} onOpen={page.setDetailId} />}
      {page.editing && (
        <ScheduleFormModal
          opened
          fullScreen
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
        mobile
      />
    </Stack>
  );
}
