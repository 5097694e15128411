import {
  type ColumnMapping,
  STATEMENT_DATE_FORMATS,
  TEXT_ENCODINGS,
  ZColumnMapping,
} from '@fluxo/domain/treasury/contracts';
import {
  Badge,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../lib/format/money.ts';
import type { ImportPreview } from '../api/imports.ts';
import { applyMapping, readCsvTable } from '../lib/statement-preview.ts';
import { KEYBOARD_SCROLL } from './keyboard-scroll.ts';

/** The mapping as the user edits it: every column optional until the checks pass. */
export interface MappingDraft {
  skipRows: number;
  delimiter?: ColumnMapping['delimiter'];
  encoding: ColumnMapping['encoding'];
  dateFormat: ColumnMapping['dateFormat'];
  decimalComma: boolean;
  amountMode: 'single' | 'split';
  date?: number;
  valueDate?: number;
  description?: number;
  amount?: number;
  debit?: number;
  credit?: number;
  balance?: number;
  counterparty?: number;
  reference?: number;
}

export interface ProfileChoice {
  save: boolean;
  name: string;
}

/** The server's proposal (a saved profile or a guess) as a draft; PT defaults when it has none. */
export function draftFrom(mapping: ColumnMapping | null): MappingDraft {
  if (!mapping)
    return {
      skipRows: 0,
      delimiter: undefined,
      encoding: 'utf-8',
      dateFormat: 'DD-MM-YYYY',
      decimalComma: true,
      amountMode: 'single',
    };
  return {
    ...mapping,
    amountMode: mapping.amount === undefined && mapping.debit !== undefined ? 'split' : 'single',
  };
}

/** The draft as the import's mapping, or null while a required column is missing. */
export function mappingFrom(draft: MappingDraft): ColumnMapping | null {
  const { amountMode, ...rest } = draft;
  const candidate = {
    ...rest,
    amount: amountMode === 'single' ? rest.amount : undefined,
    debit: amountMode === 'split' ? rest.debit : undefined,
    credit: amountMode === 'split' ? rest.credit : undefined,
  };
  for (const key of Object.keys(candidate) as (keyof typeof candidate)[])
    if (candidate[key] === undefined) delete candidate[key];
  const parsed = ZColumnMapping.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

const PREVIEW_ROWS = 8;
const DELIMITERS = [
  { value: ';', label: ';' },
  { value: ',', label: ',' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: '|' },
];

/**
 * CSV/XLSX: which column is what, how dates and amounts are written, how the file is encoded, and a
 * live preview of the first movements as they will be imported. CSV files are re-read in the browser
 * with the chosen encoding and delimiter; XLSX rows come from the server's preview.
 */
export function MappingStep({
  file,
  preview,
  draft,
  onDraftChange,
  profile,
  onProfileChange,
  currency,
}: {
  file: File;
  preview: ImportPreview;
  draft: MappingDraft;
  onDraftChange: (draft: MappingDraft) => void;
  profile: ProfileChoice;
  onProfileChange: (profile: ProfileChoice) => void;
  currency: string;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const isCsv = preview.format === 'csv';
  const [bytes, setBytes] = useState<Uint8Array | null>(null);
  useEffect(() => {
    if (!isCsv) return;
    let live = true;
    void file
      .slice(0, 256 * 1024)
      .arrayBuffer()
      .then((buffer) => {
        if (live) setBytes(new Uint8Array(buffer));
      });
    return () => {
      live = false;
    };
  }, [file, isCsv]);

  const table = useMemo(() => {
    if (!isCsv || !bytes) return { header: preview.header, rows: preview.rows, lines: undefined };
    return readCsvTable(bytes, draft, PREVIEW_ROWS);
  }, [isCsv, bytes, draft, preview.header, preview.rows]);

  const set = (patch: Partial<MappingDraft>) => onDraftChange({ ...draft, ...patch });
  const columns = table.header.map((name, index) => ({
    value: String(index),
    label: name.trim() || t('TREASURY.IMPORT.COLUMN_N', { n: index + 1 }),
  }));
  const columnSelect = (key: keyof MappingDraft, label: string, required: boolean) => (
    <Select
      label={label}
      data={columns}
      value={draft[key] === undefined ? null : String(draft[key])}
      onChange={(value) => set({ [key]: value === null ? undefined : Number(value) })}
      clearable={!required}
      allowDeselect={!required}
      required={required}
      placeholder={t('TREASURY.IMPORT.CHOOSE_COLUMN')}
      comboboxProps={{ withinPortal: true }}
    />
  );

  const mapping = mappingFrom(draft);
  const entries = mapping ? applyMapping(table.rows.slice(0, PREVIEW_ROWS), mapping, table.lines) : [];

  return (
    <Stack gap="md">
      {preview.profileId && (
        <Badge variant="light" color="teal">
          {t('TREASURY.IMPORT.PROFILE_USED')}
        </Badge>
      )}
      {isCsv && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('TREASURY.IMPORT.ENCODING')}
            data={TEXT_ENCODINGS.map((value) => ({
              value,
              label: value === 'windows-1252' ? 'Windows-1252' : value.toUpperCase(),
            }))}
            value={draft.encoding}
            onChange={(value) => value && set({ encoding: value as MappingDraft['encoding'] })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('TREASURY.IMPORT.DELIMITER')}
            data={DELIMITERS}
            value={draft.delimiter ?? null}
            onChange={(value) => set({ delimiter: (value ?? undefined) as MappingDraft['delimiter'] })}
            placeholder={t('TREASURY.IMPORT.DELIMITER_AUTO')}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('TREASURY.IMPORT.SKIP_ROWS')}
            min={0}
            max={100}
            value={draft.skipRows}
            onChange={(value) => set({ skipRows: typeof value === 'number' ? value : 0 })}
            allowDecimal={false}
            allowNegative={false}
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {columnSelect('date', t('TREASURY.IMPORT.COLUMN_DATE'), true)}
        {columnSelect('description', t('TREASURY.IMPORT.COLUMN_DESCRIPTION'), true)}
        <Select
          label={t('TREASURY.IMPORT.DATE_FORMAT')}
          data={[...STATEMENT_DATE_FORMATS]}
          value={draft.dateFormat}
          onChange={(value) => value && set({ dateFormat: value as MappingDraft['dateFormat'] })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      <Stack gap={6}>
        <Text size="sm" fw={500} id="amount-mode-label">
          {t('TREASURY.IMPORT.AMOUNT_MODE')}
        </Text>
        <SegmentedControl
          aria-labelledby="amount-mode-label"
          value={draft.amountMode}
          onChange={(value) => set({ amountMode: value as MappingDraft['amountMode'] })}
          data={[
            { value: 'single', label: t('TREASURY.IMPORT.AMOUNT_SINGLE') },
            { value: 'split', label: t('TREASURY.IMPORT.AMOUNT_SPLIT') },
          ]}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {draft.amountMode === 'single' ? (
          columnSelect('amount', t('TREASURY.IMPORT.COLUMN_AMOUNT'), true)
        ) : (
          <>
            {columnSelect('debit', t('TREASURY.IMPORT.COLUMN_DEBIT'), true)}
            {columnSelect('credit', t('TREASURY.IMPORT.COLUMN_CREDIT'), true)}
          </>
        )}
        {columnSelect('balance', t('TREASURY.IMPORT.COLUMN_BALANCE'), false)}
        {columnSelect('counterparty', t('TREASURY.IMPORT.COLUMN_COUNTERPARTY'), false)}
      </SimpleGrid>
      <Checkbox
        label={t('TREASURY.IMPORT.DECIMAL_COMMA')}
        checked={draft.decimalComma}
        onChange={(event) => set({ decimalComma: event.currentTarget.checked })}
      />
      <Stack gap={4}>
        <Text fw={600} size="sm" id="mapping-preview-title">
          {t('TREASURY.IMPORT.PREVIEW_TITLE')}
        </Text>
        {!mapping ? (
          <Text size="sm" c="dimmed">
            {t('TREASURY.IMPORT.MAPPING_INCOMPLETE')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420} scrollAreaProps={KEYBOARD_SCROLL}>
            <Table aria-labelledby="mapping-preview-title" striped fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('TREASURY.IMPORT.PREVIEW_LINE')}</Table.Th>
                  <Table.Th>{t('TREASURY.IMPORT.COLUMN_DATE')}</Table.Th>
                  <Table.Th>{t('TREASURY.IMPORT.COLUMN_DESCRIPTION')}</Table.Th>
                  <Table.Th ta="right">{t('TREASURY.IMPORT.COLUMN_AMOUNT')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.line} c={entry.problem ? 'red.9' : undefined}>
                    <Table.Td>{entry.line}</Table.Td>
                    <Table.Td>{entry.bookingDate ?? t('TREASURY.IMPORT.PREVIEW_BAD_DATE')}</Table.Td>
                    <Table.Td>{entry.description}</Table.Td>
                    <Table.Td ta="right">
                      {entry.amount === null
                        ? t('TREASURY.IMPORT.PREVIEW_BAD_AMOUNT')
                        : money(entry.amount, currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Group align="flex-end" wrap="wrap">
        <Checkbox
          label={t('TREASURY.IMPORT.SAVE_PROFILE')}
          checked={profile.save}
          onChange={(event) => onProfileChange({ ...profile, save: event.currentTarget.checked })}
        />
        {profile.save && (
          <TextInput
            label={t('TREASURY.IMPORT.PROFILE_NAME')}
            value={profile.name}
            maxLength={100}
            onChange={(event) => onProfileChange({ ...profile, name: event.currentTarget.value })}
          />
        )}
      </Group>
    </Stack>
  );
}
