import type { BillingSchedule, ScheduleRun } from '@fluxo/domain/billing/schedules-contracts';
import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconRepeat, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { SectionLoader } from '../../../../components/full-page-loader.tsx';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { hrefFor, paths } from '../../../../lib/paths.ts';
import { useSchedule } from '../api/schedules.ts';
import type { ScheduleActionName } from '../hooks/use-schedules-page.ts';
import { ScheduleStatus, useFrequencyText } from './schedule-status.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}

/** A run's failure in the user's language: its error code's message when there is one, else as recorded. */
function useRunErrorText() {
  const { t, i18n } = useTranslation();
  return (error: string) => {
    const code = /^([A-Z_]+):/.exec(error)?.[1];
    const key = code === 'EMAIL_NOT_SENT' ? 'BILLING.SCHEDULES.DETAIL.EMAIL_NOT_SENT' : `ERRORS.${code}`;
    return code && i18n.exists(key) ? t(key) : error;
  };
}

/**
 * Where a run's document opens: an issued one as its PDF (the printable page, print and download); a
 * draft on the documents page, filtered to the schedule's customer, to be reviewed and issued.
 */
function documentHref(run: ScheduleRun, partyId: string, mobile: boolean): string {
  if (run.documentState === 'issued')
    return paths.printable.billingDocument.getHref(run.documentId as string);
  const query = new URLSearchParams({ party: partyId, document: run.documentId as string });
  return hrefFor(`${paths.app.billing.documents.getHref()}?${query}`, mobile);
}

/** One schedule: what it bills, when, and the history of its runs with the documents they produced. */
export function ScheduleDetailModal({
  id,
  onClose,
  onEdit,
  onAction,
  busy,
  actionError,
  can,
  mobile = false,
}: {
  id: string | null;
  onClose: () => void;
  onEdit: (schedule: BillingSchedule) => void;
  onAction: (schedule: BillingSchedule, action: ScheduleActionName) => void;
  busy: boolean;
  actionError: unknown;
  can: { create: boolean; edit: boolean; remove: boolean };
  mobile?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const frequency = useFrequencyText();
  const runErrorText = useRunErrorText();
  const detail = useSchedule(id);
  const schedule = detail.data;

  return (
    <Modal
      opened={!!id}
      onClose={onClose}
      size="xl"
      fullScreen={mobile}
      title={schedule?.name ?? t('BILLING.SCHEDULES.DETAIL.TITLE')}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      {detail.isPending && <SectionLoader label={t('COMMON.LOADING')} />}
      <ErrorAlert error={detail.error} />
      {schedule && (
        <Stack gap="md">
          <Group gap="xs">
            <ScheduleStatus status={schedule.status} />
            <Text size="sm" c="dimmed">
              {schedule.partyName}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Fact label={t('BILLING.SCHEDULES.COLUMNS.AMOUNT')}>
              {money(schedule.netAmount, schedule.currency)}
            </Fact>
            <Fact label={t('BILLING.SCHEDULES.COLUMNS.FREQUENCY')}>{frequency(schedule)}</Fact>
            <Fact label={t('BILLING.SCHEDULES.COLUMNS.NEXT_DATE')}>
              {schedule.nextDate ? date(schedule.nextDate) : '—'}
            </Fact>
            <Fact label={t('BILLING.SCHEDULES.DETAIL.PRODUCES')}>
              {t(`BILLING.SCHEDULES.ACTION.${schedule.action.toUpperCase()}`)}
              {schedule.sendEmail ? ` · ${t('BILLING.SCHEDULES.DETAIL.EMAILED')}` : ''}
            </Fact>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('BILLING.SCHEDULES.DETAIL.PERIOD', {
              start: date(schedule.startDate),
              end: schedule.endDate ? date(schedule.endDate) : t('BILLING.SCHEDULES.DETAIL.NO_END'),
              series: `${schedule.documentType} ${schedule.seriesCode}`,
            })}
          </Text>

          <Group gap="xs">
            {can.create && schedule.status !== 'ended' && (
              <Button
                leftSection={<IconRepeat size={16} aria-hidden />}
                loading={busy}
                onClick={() => onAction(schedule, 'run')}
              >
                {t('BILLING.SCHEDULES.ACTIONS.RUN_NOW')}
              </Button>
            )}
            {can.edit && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => onEdit(schedule)}
              >
                {t('BILLING.SCHEDULES.ACTIONS.EDIT')}
              </Button>
            )}
            {can.edit && schedule.status === 'active' && (
              <Button
                variant="default"
                leftSection={<IconPlayerPause size={16} aria-hidden />}
                disabled={busy}
                onClick={() => onAction(schedule, 'pause')}
              >
                {t('BILLING.SCHEDULES.ACTIONS.PAUSE')}
              </Button>
            )}
            {can.edit && schedule.status === 'paused' && (
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                disabled={busy}
                onClick={() => onAction(schedule, 'resume')}
              >
                {t('BILLING.SCHEDULES.ACTIONS.RESUME')}
              </Button>
            )}
            {can.remove && schedule.runs.length === 0 && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={busy}
                onClick={() => onAction(schedule, 'delete')}
              >
                {t('BILLING.SCHEDULES.ACTIONS.DELETE')}
              </Button>
            )}
          </Group>
          <ErrorAlert error={actionError} />

          <Title order={3} fz="md" id="schedule-runs">
            {t('BILLING.SCHEDULES.DETAIL.RUNS')}
          </Title>
          {schedule.runs.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('BILLING.SCHEDULES.DETAIL.NO_RUNS')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={mobile ? 0 : 520}>
              <Table aria-labelledby="schedule-runs" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('BILLING.SCHEDULES.DETAIL.RUN_DATE')}</Table.Th>
                    <Table.Th>{t('BILLING.SCHEDULES.DETAIL.DOCUMENT')}</Table.Th>
                    {!mobile && <Table.Th ta="right">{t('BILLING.SCHEDULES.DETAIL.TOTAL')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {schedule.runs.map((run) => (
                    <Table.Tr key={run.id}>
                      <Table.Td>{date(run.runDate)}</Table.Td>
                      <Table.Td>
                        {run.documentId ? (
                          <Group gap={6}>
                            <Anchor component={Link} to={documentHref(run, schedule.partyId, mobile)}>
                              {run.documentNumber ?? t('BILLING.SCHEDULES.DETAIL.DRAFT_DOCUMENT')}
                            </Anchor>
                            {run.documentState === 'draft' && (
                              <Badge size="xs" variant="light" color="gray">
                                {t('BILLING.SCHEDULES.ACTION.DRAFT_SHORT')}
                              </Badge>
                            )}
                          </Group>
                        ) : null}
                        {run.error && (
                          <Text size="xs" c="red" role="note">
                            {t('BILLING.SCHEDULES.DETAIL.RUN_ERROR', { error: runErrorText(run.error) })}
                          </Text>
                        )}
                      </Table.Td>
                      {!mobile && (
                        <Table.Td ta="right">
                          {run.grossTotal === null ? '—' : money(run.grossTotal, schedule.currency)}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Modal>
  );
}
