import type { LedgerAccount } from '@fluxo/domain/accounting/charts-contracts';
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
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';
import { useIsMobile } from '../../lib/variant.ts';
import { useAccounts, useArchiveAccount, useCreateAccount } from '../api/chart.ts';

const ISO = /^\d{4}-\d{2}-\d{2}$/;

/** How deep an account sits (its parents up to a first-level account). */
function depths(accounts: readonly LedgerAccount[]): Map<string, number> {
  const parent = new Map(accounts.map((account) => [account.code, account.parentCode]));
  const result = new Map<string, number>();
  for (const account of accounts) {
    let depth = 0;
    let code = account.parentCode;
    while (code && depth < 20) {
      depth += 1;
      code = parent.get(code) ?? null;
    }
    result.set(account.code, depth);
  }
  return result;
}

/** The chart tab: every account with its debits, credits and balance over a range; sub-accounts. */
export default function ChartPanel() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const formatMoney = useFormatMoney();
  const { selected } = useOrganizations();
  const currency = selected?.currency ?? 'EUR';
  const grants = selected?.permissions ?? [];
  const canCreate = canFromStrings(grants, 'accounting.entries', PermissionFlag.CREATE);
  const canEdit = canFromStrings(grants, 'accounting.entries', PermissionFlag.EDIT);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = useMemo(
    () => ({ ...(ISO.test(from) ? { from } : {}), ...(ISO.test(to) ? { to } : {}) }),
    [from, to],
  );
  const accounts = useAccounts(range);
  const archive = useArchiveAccount();
  const [adding, setAdding] = useState(false);
  const items = accounts.data?.items ?? [];
  const depth = useMemo(() => depths(items), [items]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <SimpleGrid cols={mobile ? 1 : 2} style={mobile ? { width: '100%' } : undefined}>
          <TextInput
            type="date"
            label={t('ACCOUNTING.LEDGER.FROM')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('ACCOUNTING.LEDGER.TO')}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </SimpleGrid>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} fullWidth={mobile}>
            {t('ACCOUNTING.CHART.ADD')}
          </Button>
        )}
      </Group>
      {accounts.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('ACCOUNTING.CHART.TOTALS', {
            debit: formatMoney(accounts.data.totals.debit, currency),
            credit: formatMoney(accounts.data.totals.credit, currency),
          })}
        </Text>
      )}
      {archive.error ? (
        <Alert color="red" role="alert">
          <ApiErrorMessage error={archive.error} />
        </Alert>
      ) : null}
      {accounts.isError ? (
        <Alert color="red" role="alert">
          <ApiErrorMessage error={accounts.error} />
        </Alert>
      ) : !accounts.data ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : mobile ? (
        <Stack gap="xs" role="list" aria-label={t('ACCOUNTING.CHART.TAB')}>
          {items.map((account) => (
            <Card
              key={account.id}
              withBorder
              padding="sm"
              role="listitem"
              ml={(depth.get(account.code) ?? 0) * 8}
            >
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={account.groupingCategory === 'GM' ? 400 : 600}>
                  {account.code} — {account.name}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(account.balance, currency)}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table aria-label={t('ACCOUNTING.CHART.TAB')} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ACCOUNTING.CHART.ACCOUNT')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.CHART.KIND')}</Table.Th>
              <Table.Th ta="right">{t('ACCOUNTING.LEDGER.DEBIT')}</Table.Th>
              <Table.Th ta="right">{t('ACCOUNTING.LEDGER.CREDIT')}</Table.Th>
              <Table.Th ta="right">{t('ACCOUNTING.CHART.BALANCE')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td style={{ paddingLeft: 12 + (depth.get(account.code) ?? 0) * 16 }}>
                  <Text size="sm" fw={account.groupingCategory === 'GM' ? 400 : 600}>
                    {account.code} — {account.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    size="xs"
                    variant="light"
                    color={account.groupingCategory === 'GM' ? 'teal' : 'gray'}
                  >
                    {t(`ACCOUNTING.CHART.GROUPING.${account.groupingCategory}`)}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{formatMoney(account.debit, currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(account.credit, currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(account.balance, currency)}</Table.Td>
                <Table.Td ta="right">
                  {canEdit && !account.system && (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() =>
                        archive.mutate(
                          { id: account.id, archived: true },
                          {
                            onSuccess: () =>
                              showSuccess({
                                message: t('ACCOUNTING.CHART.ARCHIVED', { code: account.code }),
                              }),
                          },
                        )
                      }
                      aria-label={t('ACCOUNTING.CHART.ARCHIVE_NAMED', { code: account.code })}
                    >
                      {t('ACCOUNTING.CHART.ARCHIVE')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <SubAccountModal
        opened={adding}
        onClose={() => setAdding(false)}
        accounts={items}
        fullScreen={mobile}
      />
    </Stack>
  );
}

/** Adds a movement sub-account under an aggregating account (or an unused movement account). */
function SubAccountModal({
  opened,
  onClose,
  accounts,
  fullScreen,
}: {
  opened: boolean;
  onClose: () => void;
  accounts: readonly LedgerAccount[];
  fullScreen: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreateAccount();
  const [parentCode, setParentCode] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [missing, setMissing] = useState(false);
  const parents = accounts
    .filter((account) => account.groupingCategory === 'GA' || account.groupingCategory === 'GM')
    .map((account) => ({ value: account.code, label: `${account.code} — ${account.name}` }));
  const close = () => {
    create.reset();
    setMissing(false);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('ACCOUNTING.CHART.ADD')}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      fullScreen={fullScreen}
      centered={!fullScreen}
    >
      <form
        noValidate
        aria-label={t('ACCOUNTING.CHART.ADD')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!parentCode || !name.trim()) {
            setMissing(true);
            return;
          }
          create.mutate(
            { parentCode, name: name.trim(), ...(code.trim() ? { code: code.trim() } : {}) },
            {
              onSuccess: (account) => {
                showSuccess({ message: t('ACCOUNTING.CHART.ADDED', { code: account.code }) });
                setCode('');
                setName('');
                close();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Select
            label={t('ACCOUNTING.CHART.PARENT')}
            data={parents}
            value={parentCode}
            onChange={setParentCode}
            searchable
            required
            error={missing && !parentCode ? t('VALIDATION.REQUIRED') : undefined}
          />
          <TextInput
            label={t('ACCOUNTING.CHART.CODE')}
            description={t('ACCOUNTING.CHART.CODE_HELP')}
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
          />
          <TextInput
            label={t('ACCOUNTING.CHART.NAME')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={200}
            required
            error={missing && !name.trim() ? t('VALIDATION.REQUIRED') : undefined}
          />
          {create.error ? (
            <Alert color="red" role="alert">
              <ApiErrorMessage error={create.error} />
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('DIALOGS.CANCEL')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('ACCOUNTING.CHART.CREATE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
