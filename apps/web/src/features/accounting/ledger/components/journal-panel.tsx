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
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';
import { todayIso, useIsMobile } from '../../lib/variant.ts';
import { type EntryFilters, useEntries, useEntry, useJournals, useReverseEntry } from '../api/ledger.ts';
import { EntryFormModal } from './entry-form-modal.tsx';

/** The journal tab: entries with filters and totals, an entry's lines, new entries and reversals. */
export default function JournalPanel() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  const { selected } = useOrganizations();
  const currency = selected?.currency ?? 'EUR';
  const journals = useJournals();
  const [journalId, setJournalId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [accountCode, setAccountCode] = useState('');
  const [q, setQ] = useState('');
  const [debouncedText] = useDebouncedValue({ accountCode, q }, 300);
  const filters = useMemo<EntryFilters>(
    () => ({
      ...(journalId ? { journalId } : {}),
      ...(/^\d{4}-\d{2}-\d{2}$/.test(from) ? { from } : {}),
      ...(/^\d{4}-\d{2}-\d{2}$/.test(to) ? { to } : {}),
      ...(/^\d{1,30}$/.test(debouncedText.accountCode) ? { accountCode: debouncedText.accountCode } : {}),
      ...(debouncedText.q.trim() ? { q: debouncedText.q.trim() } : {}),
    }),
    [journalId, from, to, debouncedText],
  );
  const entries = useEntries(filters);
  const [formOpen, setFormOpen] = useState(false);
  const [detailId, setDetailId] = useState<string | null>(null);
  const items = entries.data?.pages.flatMap((page) => page.items) ?? [];
  const totals = entries.data?.pages[0]?.totals;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="entries-totals">
          {totals
            ? t('ACCOUNTING.LEDGER.TOTALS', {
                count: totals.count,
                debit: formatMoney(totals.debit, currency),
                credit: formatMoney(totals.credit, currency),
              })
            : ''}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setFormOpen(true)} fullWidth={mobile}>
          {t('ACCOUNTING.LEDGER.NEW_ENTRY')}
        </Button>
      </Group>
      <SimpleGrid cols={mobile ? 1 : 5} role="search" aria-label={t('ACCOUNTING.LEDGER.FILTERS')}>
        <Select
          label={t('ACCOUNTING.LEDGER.JOURNAL')}
          placeholder={t('ACCOUNTING.LEDGER.ALL_JOURNALS')}
          data={(journals.data?.items ?? []).map((journal) => ({
            value: journal.id,
            label: `${journal.code} — ${journal.name}`,
          }))}
          value={journalId}
          onChange={setJournalId}
          clearable
        />
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
        <TextInput
          label={t('ACCOUNTING.LEDGER.ACCOUNT')}
          inputMode="numeric"
          value={accountCode}
          onChange={(e) => setAccountCode(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <TextInput
          label={t('ACCOUNTING.LEDGER.SEARCH')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      </SimpleGrid>
      {entries.isError ? (
        <Alert color="red" role="alert">
          <ApiErrorMessage error={entries.error} />
        </Alert>
      ) : entries.isPending ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('ACCOUNTING.LEDGER.LOADING')} />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('ACCOUNTING.LEDGER.EMPTY')}
        </Text>
      ) : mobile ? (
        <Stack gap="xs" role="list" aria-label={t('ACCOUNTING.LEDGER.TABS.JOURNAL')}>
          {items.map((entry) => (
            <Card key={entry.id} withBorder padding="sm" role="listitem">
              <UnstyledButton onClick={() => setDetailId(entry.id)} aria-label={entry.reference}>
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {entry.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {entry.reference}
                    </Text>
                  </Stack>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(entry.total, currency)}
                  </Text>
                </Group>
              </UnstyledButton>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table highlightOnHover aria-label={t('ACCOUNTING.LEDGER.TABS.JOURNAL')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ACCOUNTING.LEDGER.DATE')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.LEDGER.REFERENCE')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.LEDGER.DESCRIPTION')}</Table.Th>
              <Table.Th>{t('ACCOUNTING.LEDGER.SOURCE')}</Table.Th>
              <Table.Th ta="right">{t('ACCOUNTING.LEDGER.TOTAL')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDate(entry.entryDate)}</Table.Td>
                <Table.Td>
                  <UnstyledButton onClick={() => setDetailId(entry.id)} c="blue" fz="sm">
                    {entry.reference}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  {entry.description}{' '}
                  {entry.reversedByEntryId && (
                    <Badge size="xs" color="gray">
                      {t('ACCOUNTING.LEDGER.REVERSED')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{t(`ACCOUNTING.LEDGER.SOURCES.${entry.sourceType.toUpperCase()}`)}</Table.Td>
                <Table.Td ta="right">{formatMoney(entry.total, currency)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {entries.hasNextPage && (
        <Center>
          <Button
            variant="default"
            onClick={() => entries.fetchNextPage()}
            loading={entries.isFetchingNextPage}
          >
            {t('ACCOUNTING.LEDGER.MORE')}
          </Button>
        </Center>
      )}
      <EntryFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        currency={currency}
        fullScreen={mobile}
      />
      <EntryDetailModal
        id={detailId}
        onClose={() => setDetailId(null)}
        currency={currency}
        fullScreen={mobile}
      />
    </Stack>
  );
}

/** An entry with its lines; "Reverse" posts its mirror on a date the user picks. */
function EntryDetailModal({
  id,
  onClose,
  currency,
  fullScreen,
}: {
  id: string | null;
  onClose: () => void;
  currency: string;
  fullScreen: boolean;
}) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  const entry = useEntry(id);
  const reverse = useReverseEntry();
  const [date, setDate] = useState(todayIso());
  const data = entry.data;
  return (
    <Modal
      opened={id !== null}
      onClose={() => {
        reverse.reset();
        onClose();
      }}
      title={data ? data.reference : t('ACCOUNTING.LEDGER.ENTRY')}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      size="xl"
      fullScreen={fullScreen}
      centered={!fullScreen}
    >
      {!data ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack gap="sm">
          <Text>{data.description}</Text>
          <Text size="sm" c="dimmed">
            {formatDate(data.entryDate)} · {data.journalCode} — {data.journalName} ·{' '}
            {t(`ACCOUNTING.LEDGER.SOURCES.${data.sourceType.toUpperCase()}`)}
          </Text>
          <Table aria-label={t('ACCOUNTING.LEDGER.LINES')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ACCOUNTING.LEDGER.ACCOUNT')}</Table.Th>
                <Table.Th ta="right">{t('ACCOUNTING.LEDGER.DEBIT')}</Table.Th>
                <Table.Th ta="right">{t('ACCOUNTING.LEDGER.CREDIT')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={line.position}>
                  <Table.Td>
                    {line.accountCode} — {line.accountName}
                    {line.description && (
                      <Text size="xs" c="dimmed">
                        {line.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{line.debit ? formatMoney(line.debit, currency) : ''}</Table.Td>
                  <Table.Td ta="right">{line.credit ? formatMoney(line.credit, currency) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.reversedByEntryId ? (
            <Text size="sm" c="dimmed">
              {t('ACCOUNTING.LEDGER.ALREADY_REVERSED')}
            </Text>
          ) : (
            <form
              noValidate
              aria-label={t('ACCOUNTING.LEDGER.REVERSE')}
              onSubmit={(event) => {
                event.preventDefault();
                reverse.mutate(
                  { id: data.id, date },
                  {
                    onSuccess: (reversal) =>
                      showSuccess({
                        message: t('ACCOUNTING.LEDGER.REVERSED_AS', { reference: reversal.reference }),
                      }),
                  },
                );
              }}
            >
              <Group align="flex-end" wrap={fullScreen ? 'wrap' : 'nowrap'}>
                <TextInput
                  type="date"
                  label={t('ACCOUNTING.LEDGER.REVERSAL_DATE')}
                  value={date}
                  onChange={(event) => setDate(event.currentTarget.value)}
                  required
                />
                <Button type="submit" color="orange" loading={reverse.isPending}>
                  {t('ACCOUNTING.LEDGER.REVERSE')}
                </Button>
              </Group>
            </form>
          )}
          {reverse.error ? (
            <Alert color="red" role="alert">
              <ApiErrorMessage error={reverse.error} />
            </Alert>
          ) : null}
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('ACCOUNTING.LEDGER.HASH')}: {data.hash}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
