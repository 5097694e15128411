import { DOCUMENT_TYPES } from '@fluxo/domain/billing/contracts';
import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentFilters } from '../lib/document-filters.ts';
import { CustomerSelect } from './customer-select.tsx';

/** Type, state, customer and dates of the documents listed. */
export function DocumentsFilters({
  filters,
  onChange,
  onReset,
  compact = false,
}: {
  filters: DocumentFilters;
  onChange: (change: Partial<DocumentFilters>) => void;
  onReset: () => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      cols={compact ? 1 : { base: 1, sm: 2, md: 3, lg: 6 }}
      spacing="sm"
      role="search"
      aria-label={t('BILLING.DOCUMENTS.FILTERS.TITLE')}
    >
      <Select
        label={t('BILLING.DOCUMENTS.FIELDS.TYPE')}
        placeholder={t('BILLING.DOCUMENTS.FILTERS.ANY')}
        clearable
        data={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`BILLING.DOCUMENTS.TYPES.${type}`) }))}
        value={filters.type}
        onChange={(type) => onChange({ type: type as DocumentFilters['type'] })}
      />
      <Select
        label={t('BILLING.DOCUMENTS.FIELDS.STATE')}
        placeholder={t('BILLING.DOCUMENTS.FILTERS.ANY')}
        clearable
        data={[
          { value: 'draft', label: t('BILLING.DOCUMENTS.STANDING.DRAFT') },
          { value: 'issued', label: t('BILLING.DOCUMENTS.STANDING.ISSUED') },
        ]}
        value={filters.state}
        onChange={(state) => onChange({ state: state as DocumentFilters['state'] })}
      />
      <CustomerSelect
        label={t('BILLING.DOCUMENTS.FIELDS.CUSTOMER')}
        placeholder={t('BILLING.DOCUMENTS.FILTERS.ANY')}
        value={filters.party}
        onChange={(party) => onChange({ party })}
      />
      <TextInput
        type="date"
        label={t('BILLING.DOCUMENTS.FILTERS.FROM')}
        value={filters.from ?? ''}
        onChange={(event) => onChange({ from: event.currentTarget.value || null })}
      />
      <TextInput
        type="date"
        label={t('BILLING.DOCUMENTS.FILTERS.TO')}
        value={filters.to ?? ''}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
      />
      <Button variant="default" onClick={onReset} style={{ alignSelf: 'end' }}>
        {t('BILLING.DOCUMENTS.FILTERS.RESET')}
      </Button>
    </SimpleGrid>
  );
}
