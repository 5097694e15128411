import type { MappingRow, PostingMappings } from '@fluxo/domain/accounting/posting-contracts';
import { Badge, Button, Card, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { usePostingMappings, usePostPending, useSetPostingMapping } from '../api/mappings.ts';

// The "mappings" tab of /accounting/entries: which account each role, product type, VAT rate, treasury
// category and billing product posts to. A table on a desktop, one card per row on a phone.

const SECTIONS: readonly { kinds: readonly MappingRow['kind'][]; titleKey: string }[] = [
  { kinds: ['role'], titleKey: 'ACCOUNTING.POSTING.SECTION_ROLES' },
  { kinds: ['productType'], titleKey: 'ACCOUNTING.POSTING.SECTION_PRODUCT_TYPES' },
  { kinds: ['vatOutput', 'vatInput'], titleKey: 'ACCOUNTING.POSTING.SECTION_VAT' },
  { kinds: ['category'], titleKey: 'ACCOUNTING.POSTING.SECTION_CATEGORIES' },
  { kinds: ['product'], titleKey: 'ACCOUNTING.POSTING.SECTION_PRODUCTS' },
];

function useRowLabel() {
  const { t } = useTranslation();
  return (row: MappingRow): string => {
    if (row.kind === 'role') return t(`ACCOUNTING.POSTING.ROLES.${row.key}`);
    if (row.kind === 'productType') return t(`ACCOUNTING.POSTING.PRODUCT_TYPES.${row.key}`);
    if (row.kind === 'vatOutput' || row.kind === 'vatInput') {
      const [region, basisPoints] = row.key.split(':');
      return t(row.kind === 'vatOutput' ? 'ACCOUNTING.POSTING.VAT_OUTPUT' : 'ACCOUNTING.POSTING.VAT_INPUT', {
        region,
        rate: Number(basisPoints) / 100,
      });
    }
    return row.label;
  };
}

function AccountSelect({ row, data, compact }: { row: MappingRow; data: PostingMappings; compact: boolean }) {
  const { t } = useTranslation();
  const label = useRowLabel();
  const change = useSetPostingMapping();
  const options = data.accounts.map((account) => ({
    value: account.code,
    label: `${account.code} — ${account.name}`,
  }));
  return (
    <Stack gap={4}>
      <Select
        size={compact ? 'md' : 'xs'}
        searchable
        clearable
        data={options}
        value={row.accountCode}
        aria-label={t('ACCOUNTING.POSTING.ACCOUNT_FOR', { name: label(row) })}
        placeholder={t('ACCOUNTING.POSTING.DEFAULT', { code: row.defaultCode })}
        disabled={change.isPending}
        onChange={(value) =>
          change.mutate(
            { kind: row.kind, key: row.key, accountCode: value ?? null },
            {
              onSuccess: () => showSuccess({ message: t('ACCOUNTING.POSTING.SAVED', { name: label(row) }) }),
            },
          )
        }
      />
      {change.error ? <ErrorAlert error={change.error} /> : null}
    </Stack>
  );
}

function Section({
  rows,
  data,
  title,
  compact,
}: {
  rows: MappingRow[];
  data: PostingMappings;
  title: string;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const label = useRowLabel();
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {compact ? (
        rows.map((row) => (
          <Card key={`${row.kind}:${row.key}`} withBorder padding="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={500} size="sm">
                  {label(row)}
                </Text>
                {row.accountCode ? null : (
                  <Badge variant="light">{t('ACCOUNTING.POSTING.USES_DEFAULT')}</Badge>
                )}
              </Group>
              <AccountSelect row={row} data={data} compact />
            </Stack>
          </Card>
        ))
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('ACCOUNTING.POSTING.WHAT')}</Table.Th>
              <Table.Th w={120}>{t('ACCOUNTING.POSTING.DEFAULT_COLUMN')}</Table.Th>
              <Table.Th w={360}>{t('ACCOUNTING.POSTING.ACCOUNT')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={`${row.kind}:${row.key}`}>
                <Table.Td>{label(row)}</Table.Td>
                <Table.Td>{row.defaultCode}</Table.Td>
                <Table.Td>
                  <AccountSelect row={row} data={data} compact={false} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The mappings tab (lazy-loaded by ENTRIES_TABS). */
export default function MappingsPanel() {
  const { t } = useTranslation();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const mappings = usePostingMappings();
  const pending = usePostPending();
  if (mappings.isPending) return <Loader aria-label={t('ACCOUNTING.POSTING.LOADING')} />;
  if (mappings.error) return <ErrorAlert error={mappings.error} />;
  const data = mappings.data;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('ACCOUNTING.POSTING.INTRO', { chart: data.chart })}
      </Text>
      <Group>
        <Button
          variant="default"
          size={compact ? 'md' : 'sm'}
          loading={pending.isPending}
          onClick={() =>
            pending.mutate(undefined, {
              onSuccess: (result) =>
                showSuccess({ message: t('ACCOUNTING.POSTING.PENDING_DONE', { count: result.posted }) }),
            })
          }
        >
          {t('ACCOUNTING.POSTING.POST_PENDING')}
        </Button>
      </Group>
      {pending.error ? <ErrorAlert error={pending.error} /> : null}
      {SECTIONS.map((section) => (
        <Section
          key={section.titleKey}
          title={t(section.titleKey)}
          rows={data.rows.filter((row) => section.kinds.includes(row.kind))}
          data={data}
          compact={compact}
        />
      ))}
    </Stack>
  );
}
