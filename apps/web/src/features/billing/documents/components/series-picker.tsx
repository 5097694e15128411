import type { BillingDocumentType } from '@fluxo/domain/billing/contracts';
import { Select } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeries } from '../api/documents-queries.ts';

/** An open series of one of `types`; the only one is chosen at once. */
export function SeriesPicker({
  types,
  value,
  onChange,
}: {
  types: readonly BillingDocumentType[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const series = useSeries();
  const usable = (series.data ?? []).filter((item) => !item.closed && types.includes(item.documentType));
  const only = usable.length === 1 ? usable[0]?.id : undefined;
  useEffect(() => {
    if (only && !value) onChange(only);
  }, [only, value, onChange]);
  return (
    <Select
      label={t('BILLING.DOCUMENTS.FIELDS.SERIES')}
      required
      allowDeselect={false}
      data={usable.map((item) => ({
        value: item.id,
        label: `${t(`BILLING.DOCUMENTS.TYPES.${item.documentType}`)} · ${item.code}`,
      }))}
      value={value}
      onChange={onChange}
      error={
        series.data && usable.length === 0
          ? t('BILLING.DOCUMENTS.EDITOR.NO_SERIES_OF_TYPE', { types: types.join(', ') })
          : undefined
      }
    />
  );
}
