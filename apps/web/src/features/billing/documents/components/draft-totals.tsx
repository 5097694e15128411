import type { TaxSummary } from '@fluxo/domain/billing/index';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../../lib/format/money.ts';

export interface TotalsView {
  taxes: readonly TaxSummary[];
  netTotal: number;
  taxPayable: number;
  grossTotal: number;
  withholding: number;
  payable: number;
}

function Row({
  label,
  value,
  strong = false,
  name,
}: {
  label: string;
  value: string;
  strong?: boolean;
  name?: string;
}) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-total={name}
      >
        {value}
      </Text>
    </Group>
  );
}

/** Net, VAT per rate, gross, withholding and what the customer pays. */
export function DocumentTotalsView({ totals, currency }: { totals: TotalsView; currency: string }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  return (
    <Stack gap={4} role="group" aria-label={t('BILLING.DOCUMENTS.TOTALS.DOCUMENT')}>
      <Row label={t('BILLING.DOCUMENTS.TOTALS.NET')} value={money(totals.netTotal, currency)} name="net" />
      {totals.taxes.map((tax) => (
        <Row
          key={`${tax.taxRegion}-${tax.vatBasisPoints}-${tax.exemptionCode ?? ''}`}
          label={
            tax.vatBasisPoints === 0
              ? t('BILLING.DOCUMENTS.TOTALS.EXEMPT', {
                  code: tax.exemptionCode ?? '',
                  base: money(tax.base, currency),
                })
              : t('BILLING.DOCUMENTS.TOTALS.VAT_AT', {
                  rate: tax.vatBasisPoints / 100,
                  region: tax.taxRegion,
                  base: money(tax.base, currency),
                })
          }
          value={money(tax.vat, currency)}
        />
      ))}
      <Row
        label={t('BILLING.DOCUMENTS.TOTALS.GROSS')}
        value={money(totals.grossTotal, currency)}
        strong
        name="gross"
      />
      {totals.withholding > 0 && (
        <>
          <Row
            label={t('BILLING.DOCUMENTS.TOTALS.WITHHOLDING')}
            value={money(-totals.withholding, currency)}
            name="withholding"
          />
          <Row
            label={t('BILLING.DOCUMENTS.TOTALS.PAYABLE')}
            value={money(totals.payable, currency)}
            strong
            name="payable"
          />
        </>
      )}
    </Stack>
  );
}
