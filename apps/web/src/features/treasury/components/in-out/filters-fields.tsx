import { Checkbox, MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import type { InOutFilters } from '../../lib/in-out-filters.ts';
import { CategoryMultiSelect } from './category-select.tsx';
import { MoneyInput } from './money-input.tsx';

/** Every filter but the text search, laid out in `cols` columns (the desktop bar and the phone's sheet). */
export function FiltersFields({
  filters,
  onChange,
  lookups,
  cols,
}: {
  filters: InOutFilters;
  onChange: (change: Partial<InOutFilters>) => void;
  lookups: InOutLookups;
  cols: number | { base: number; sm?: number; md?: number; lg?: number };
}) {
  const { t } = useTranslation();
  const k = (key: string) => t(`TREASURY.IN_OUT.FILTERS.${key}`);
  return (
    <SimpleGrid cols={cols} spacing="sm" verticalSpacing="sm">
      <MultiSelect
        label={k('ACCOUNTS')}
        searchable
        clearable
        data={lookups.accounts.map((account) => ({ value: account.id, label: account.name }))}
        value={filters.accountIds}
        onChange={(accountIds) => onChange({ accountIds })}
        nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
      />
      <DatePickerInput
        type="range"
        label={k('DATES')}
        placeholder={k('DATES_PLACEHOLDER')}
        clearable
        allowSingleDateInRange
        valueFormat="DD/MM/YYYY"
        value={[filters.from, filters.to]}
        onChange={([from, to]) => onChange({ from: from || null, to: to || null })}
      />
      <MoneyInput
        label={k('MIN_AMOUNT')}
        value={filters.minAmount}
        onChange={(minAmount) => onChange({ minAmount })}
      />
      <MoneyInput
        label={k('MAX_AMOUNT')}
        value={filters.maxAmount}
        onChange={(maxAmount) => onChange({ maxAmount })}
      />
      <CategoryMultiSelect
        label={k('CATEGORIES')}
        lookups={lookups}
        value={filters.categoryIds}
        onChange={(categoryIds) => onChange({ categoryIds })}
      />
      <MultiSelect
        label={k('MERCHANTS')}
        searchable
        clearable
        limit={100}
        data={lookups.merchants.map((merchant) => ({ value: merchant.id, label: merchant.name }))}
        value={filters.merchantIds}
        onChange={(merchantIds) => onChange({ merchantIds })}
        nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
      />
      <Select
        label={k('DIRECTION')}
        data={[
          { value: 'all', label: k('ALL') },
          { value: 'in', label: k('DIRECTION_IN') },
          { value: 'out', label: k('DIRECTION_OUT') },
        ]}
        value={filters.direction ?? 'all'}
        allowDeselect={false}
        onChange={(value) => onChange({ direction: value === 'in' || value === 'out' ? value : null })}
      />
      <Select
        label={k('DOCUMENTS')}
        data={[
          { value: 'all', label: k('ALL') },
          { value: 'with', label: k('WITH_DOCUMENTS') },
          { value: 'without', label: k('WITHOUT_DOCUMENTS') },
        ]}
        value={filters.hasDocuments === null ? 'all' : filters.hasDocuments ? 'with' : 'without'}
        allowDeselect={false}
        onChange={(value) =>
          onChange({ hasDocuments: value === 'with' ? true : value === 'without' ? false : null })
        }
      />
      <Select
        label={k('TRANSFERS')}
        data={[
          { value: 'all', label: k('ALL') },
          { value: 'only', label: k('TRANSFERS_ONLY') },
          { value: 'exclude', label: k('TRANSFERS_EXCLUDE') },
        ]}
        value={filters.transfers ?? 'all'}
        allowDeselect={false}
        onChange={(value) => onChange({ transfers: value === 'only' || value === 'exclude' ? value : null })}
      />
      <Checkbox
        mt={{ base: 0, sm: 30 }}
        label={k('UNCATEGORISED')}
        checked={filters.uncategorised}
        onChange={(event) => onChange({ uncategorised: event.currentTarget.checked })}
      />
    </SimpleGrid>
  );
}
