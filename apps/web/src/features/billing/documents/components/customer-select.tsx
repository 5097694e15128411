import type { Party } from '@fluxo/domain/billing/contracts';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomers } from '../api/documents-queries.ts';

/**
 * A customer picked by typing part of the name or the tax number: the server searches (an
 * organization may have thousands), and the chosen one stays listed while another search runs.
 */
export function CustomerSelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> & {
  value: string | null;
  onChange: (id: string | null, party: Party | null) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const customers = useCustomers(debounced.trim());
  const known = useRef(new Map<string, Party>());
  for (const party of customers.data ?? []) known.current.set(party.id, party);
  const data = useMemo(() => {
    const list = (customers.data ?? []).filter((party) => !party.archived);
    const chosen = value ? known.current.get(value) : undefined;
    if (chosen && !list.some((party) => party.id === chosen.id)) list.unshift(chosen);
    return list.map((party) => ({ value: party.id, label: `${party.name} · ${party.taxId}` }));
  }, [customers.data, value]);
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={t('BILLING.DOCUMENTS.NO_CUSTOMER_FOUND')}
      {...props}
      data={data}
      value={value}
      onChange={(id) => onChange(id, id ? (known.current.get(id) ?? null) : null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
    />
  );
}
