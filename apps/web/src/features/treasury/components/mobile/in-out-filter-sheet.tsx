import { Button, Drawer, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import type { InOutFilters, TransactionSort } from '../../lib/in-out-filters.ts';
import { FiltersFields } from '../in-out/filters-fields.tsx';

const SORTS: TransactionSort[] = ['date_desc', 'date_asc', 'amount_desc', 'amount_asc'];

/** The filters and sort on a phone, in a sheet from the bottom; they apply as they change. */
export function InOutFilterSheet({
  opened,
  onClose,
  filters,
  onChange,
  onReset,
  lookups,
}: {
  opened: boolean;
  onClose: () => void;
  filters: InOutFilters;
  onChange: (change: Partial<InOutFilters>) => void;
  onReset: () => void;
  lookups: InOutLookups;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="bottom"
      size="90%"
      title={t('TREASURY.IN_OUT.FILTERS.TITLE')}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <Stack gap="sm" pb="xl">
        <Select
          label={t('TREASURY.IN_OUT.SORT.LABEL')}
          data={SORTS.map((sort) => ({
            value: sort,
            label: t(`TREASURY.IN_OUT.SORT.${sort.toUpperCase()}`),
          }))}
          value={filters.sort}
          allowDeselect={false}
          onChange={(sort) => sort && onChange({ sort: sort as TransactionSort })}
        />
        <FiltersFields filters={filters} onChange={onChange} lookups={lookups} cols={1} />
        <Group grow>
          <Button variant="default" onClick={onReset}>
            {t('TREASURY.IN_OUT.FILTERS.RESET')}
          </Button>
          <Button onClick={onClose}>{t('TREASURY.IN_OUT.FILTERS.SHOW_RESULTS')}</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
