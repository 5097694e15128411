import type { CategoryKind } from '@fluxo/domain/treasury/model';
import { MultiSelect, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { categorySelectData } from '../../lib/category-tree.ts';

function useCategoryData(lookups: InOutLookups, kinds?: readonly CategoryKind[]) {
  const { t } = useTranslation();
  return useMemo(
    () =>
      categorySelectData(
        lookups.categories,
        lookups.categoryName,
        (kind) => t(`TREASURY.CATEGORIES.KIND_${kind.toUpperCase()}`),
        kinds,
      ),
    [lookups.categories, lookups.categoryName, t, kinds],
  );
}

/** One category, from the income and expense trees (grouped, searchable). */
export function CategorySelect({
  lookups,
  value,
  onChange,
  kinds,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  lookups: InOutLookups;
  value: string | null;
  onChange: (id: string | null) => void;
  kinds?: readonly CategoryKind[];
}) {
  const { t } = useTranslation();
  const data = useCategoryData(lookups, kinds);
  // A movement may still point at an archived category: keep it selectable so the value shows.
  const current = value ? lookups.categoryById.get(value) : undefined;
  const withCurrent =
    current?.archived === true
      ? [
          ...data,
          {
            group: t('TREASURY.CATEGORIES.ARCHIVED'),
            items: [{ value: current.id, label: lookups.categoryName(current) }],
          },
        ]
      : data;
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
      {...props}
      data={withCurrent}
      value={value}
      onChange={(id) => onChange(id)}
    />
  );
}

/** Several categories (the filters). */
export function CategoryMultiSelect({
  lookups,
  value,
  onChange,
  label,
}: {
  lookups: InOutLookups;
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const data = useCategoryData(lookups);
  return (
    <MultiSelect
      searchable
      clearable
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
    />
  );
}
