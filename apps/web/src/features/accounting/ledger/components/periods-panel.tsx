import type { Period } from '@fluxo/domain/accounting/ledger-contracts';
import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { localeOf, useFormatDate } from '../../../../lib/format/money.ts';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';
import { useIsMobile } from '../../lib/variant.ts';
import { useFiscalYears, useLockPeriod } from '../api/ledger.ts';

/** The period's name: opening, a month, or a closing period. */
function usePeriodName() {
  const { t, i18n } = useTranslation();
  return (period: Period) => {
    if (period.number === 0) return t('ACCOUNTING.LEDGER.PERIODS.OPENING');
    if (period.number > 12) return t('ACCOUNTING.LEDGER.PERIODS.CLOSING', { number: period.number });
    const month = new Intl.DateTimeFormat(localeOf(i18n.language), { month: 'long', timeZone: 'UTC' }).format(
      new Date(`${period.startDate}T00:00:00Z`),
    );
    return month.charAt(0).toUpperCase() + month.slice(1);
  };
}

/**
 * The periods tab: a fiscal year's periods and their state. Locking a period locks every open one
 * before it (closed through that month); reopening one reopens every later one (ADMIN holders).
 */
export default function PeriodsPanel() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const formatDate = useFormatDate();
  const periodName = usePeriodName();
  const { selected } = useOrganizations();
  const grants = selected?.permissions ?? [];
  const canLock = canFromStrings(grants, 'accounting.entries', PermissionFlag.EDIT);
  const canUnlock = canFromStrings(grants, 'accounting.entries', PermissionFlag.ADMIN);
  const years = useFiscalYears();
  const [yearId, setYearId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ period: Period; lock: boolean } | null>(null);
  const change = useLockPeriod();
  if (years.isError)
    return (
      <Alert color="red" role="alert">
        <ApiErrorMessage error={years.error} />
      </Alert>
    );
  if (!years.data)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  const year = years.data.items.find((item) => item.id === yearId) ?? years.data.items[0];
  if (!year) return null;

  const action = (period: Period) =>
    period.lockedAt
      ? canUnlock && (
          <Button size="xs" variant="default" onClick={() => setConfirm({ period, lock: false })}>
            {t('ACCOUNTING.LEDGER.PERIODS.UNLOCK')}
          </Button>
        )
      : canLock && (
          <Button size="xs" variant="light" onClick={() => setConfirm({ period, lock: true })}>
            {t('ACCOUNTING.LEDGER.PERIODS.LOCK')}
          </Button>
        );
  const state = (period: Period) =>
    period.lockedAt ? (
      <Badge color="gray">{t('ACCOUNTING.LEDGER.PERIODS.LOCKED')}</Badge>
    ) : (
      <Badge color="teal" variant="light">
        {t('ACCOUNTING.LEDGER.PERIODS.OPEN')}
      </Badge>
    );

  return (
    <Stack gap="md">
      <Select
        label={t('ACCOUNTING.LEDGER.PERIODS.FISCAL_YEAR')}
        data={years.data.items.map((item) => ({ value: item.id, label: String(item.year) }))}
        value={year.id}
        onChange={setYearId}
        allowDeselect={false}
        maw={mobile ? undefined : 240}
      />
      <Text size="sm" c="dimmed">
        {t('ACCOUNTING.LEDGER.PERIODS.HELP')}
      </Text>
      {mobile ? (
        <Stack gap="xs" role="list" aria-label={t('ACCOUNTING.LEDGER.TABS.PERIODS')}>
          {year.periods.map((period) => (
            <Card key={period.id} withBorder padding="sm" role="listitem" aria-label={periodName(period)}>
              <Group justify="space-between">
                <Stack gap={0}>
                  <Text fw={600} size="sm">
                    {periodName(period)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('ACCOUNTING.LEDGER.PERIODS.ENTRIES', { count: period.entries })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  {state(period)}
                  {action(period)}
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table aria-label={t('ACCOUNTING.LEDGER.TABS.PERIODS')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ACCOUNTING.LEDGER.PERIODS.PERIOD')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.LEDGER.FROM')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.LEDGER.TO')}</Table.Th>
              <Table.Th ta="right">{t('ACCOUNTING.LEDGER.PERIODS.ENTRIES_COLUMN')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.LEDGER.PERIODS.STATE')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {year.periods.map((period) => (
              <Table.Tr key={period.id} aria-label={periodName(period)}>
                <Table.Td>{periodName(period)}</Table.Td>
                <Table.Td>{formatDate(period.startDate)}</Table.Td>
                <Table.Td>{formatDate(period.endDate)}</Table.Td>
                <Table.Td ta="right">{period.entries}</Table.Td>
                <Table.Td>{state(period)}</Table.Td>
                <Table.Td ta="right">{action(period)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={confirm !== null}
        onClose={() => {
          change.reset();
          setConfirm(null);
        }}
        title={
          confirm?.lock
            ? t('ACCOUNTING.LEDGER.PERIODS.LOCK_TITLE')
            : t('ACCOUNTING.LEDGER.PERIODS.UNLOCK_TITLE')
        }
        closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
        centered
      >
        {confirm && (
          <Stack gap="sm">
            <Text>
              {confirm.lock
                ? t('ACCOUNTING.LEDGER.PERIODS.LOCK_TEXT', {
                    period: periodName(confirm.period),
                    year: year.year,
                  })
                : t('ACCOUNTING.LEDGER.PERIODS.UNLOCK_TEXT', {
                    period: periodName(confirm.period),
                    year: year.year,
                  })}
            </Text>
            {change.error ? (
              <Alert color="red" role="alert">
                <ApiErrorMessage error={change.error} />
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(null)}>
                {t('DIALOGS.CANCEL')}
              </Button>
              <Button
                color={confirm.lock ? 'blue' : 'orange'}
                loading={change.isPending}
                onClick={() =>
                  change.mutate(
                    { id: confirm.period.id, lock: confirm.lock },
                    {
                      onSuccess: () => {
                        showSuccess({
                          message: confirm.lock
                            ? t('ACCOUNTING.LEDGER.PERIODS.LOCKED_DONE')
                            : t('ACCOUNTING.LEDGER.PERIODS.UNLOCKED_DONE'),
                        });
                        setConfirm(null);
                      },
                    },
                  )
                }
              >
                {confirm.lock ? t('ACCOUNTING.LEDGER.PERIODS.LOCK') : t('ACCOUNTING.LEDGER.PERIODS.UNLOCK')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
