import type { SaftBasis } from '@fluxo/domain/billing/saft-contracts';
import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useSaftExport } from '../api/saft-export.ts';
import { monthPeriod, periodError, type SaftPeriod, yearPeriod } from '../lib/saft-period.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The files the form offers, with what each holds (TaxAccountingBasis of Portaria 302/2016). */
const BASES: readonly { basis: SaftBasis; label: string; contents: string }[] = [
  { basis: 'F', label: 'ACCOUNTING.SAFT_EXPORT.BASIS_F', contents: 'ACCOUNTING.SAFT.CONTENTS' },
  { basis: 'C', label: 'ACCOUNTING.SAFT_EXPORT.BASIS_C', contents: 'ACCOUNTING.SAFT_EXPORT.CONTENTS_C' },
  { basis: 'I', label: 'ACCOUNTING.SAFT_EXPORT.BASIS_I', contents: 'ACCOUNTING.SAFT_EXPORT.CONTENTS_I' },
];

/**
 * Choose the kind of file — billing (F), accounting (C) or integrated (I) — and a period, download its
 * SAF-T: the same form on desktop and on a phone.
 */
export function SaftExportForm({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<SaftPeriod>(() => monthPeriod(today(), -1));
  const [basis, setBasis] = useState<SaftBasis>('F');
  const [touched, setTouched] = useState(false);
  const download = useSaftExport();
  const problem = periodError(period);
  const size = compact ? 'md' : 'sm';

  const choose = (next: SaftPeriod) => {
    setPeriod(next);
    download.reset();
  };

  return (
    <form
      aria-label={t('ACCOUNTING.SAFT.EXPORT_TITLE')}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!problem) download.mutate({ basis, ...period });
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label={t('ACCOUNTING.SAFT_EXPORT.BASIS')}
          value={basis}
          onChange={(value) => {
            setBasis(value as SaftBasis);
            download.reset();
          }}
        >
          <Stack gap={compact ? 'sm' : 6} mt={6}>
            {BASES.map((option) => (
              <Radio key={option.basis} value={option.basis} size={size} label={t(option.label)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => choose(monthPeriod(today(), -1))}>
            {t('ACCOUNTING.SAFT.PREVIOUS_MONTH')}
          </Button>
          <Button variant="default" size="xs" onClick={() => choose(monthPeriod(today(), 0))}>
            {t('ACCOUNTING.SAFT.THIS_MONTH')}
          </Button>
          <Button variant="default" size="xs" onClick={() => choose(yearPeriod(today(), -1))}>
            {t('ACCOUNTING.SAFT_EXPORT.PREVIOUS_YEAR')}
          </Button>
        </Group>
        <SimpleGrid cols={compact ? 1 : 2} spacing="sm">
          <TextInput
            type="date"
            size={size}
            label={t('ACCOUNTING.SAFT.FROM')}
            value={period.from}
            onChange={(event) => choose({ ...period, from: event.currentTarget.value })}
            required
          />
          <TextInput
            type="date"
            size={size}
            label={t('ACCOUNTING.SAFT.TO')}
            value={period.to}
            onChange={(event) => choose({ ...period, to: event.currentTarget.value })}
            error={touched && problem ? t(problem) : undefined}
            required
          />
        </SimpleGrid>
        <Group>
          <Button
            type="submit"
            size={size}
            fullWidth={compact}
            loading={download.isPending}
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            {t('ACCOUNTING.SAFT.DOWNLOAD')}
          </Button>
        </Group>
        {download.isError && <ErrorAlert error={download.error} />}
        {download.isSuccess && (
          <Alert role="status" color="green" variant="light" icon={<IconCheck size={18} aria-hidden />}>
            {t('ACCOUNTING.SAFT.DOWNLOADED', { file: download.data })}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t(BASES.find((option) => option.basis === basis)?.contents ?? 'ACCOUNTING.SAFT.CONTENTS')}
        </Text>
      </Stack>
    </form>
  );
}
