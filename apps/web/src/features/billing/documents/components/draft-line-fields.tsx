import { type Product, TAX_CODES, type TaxCode } from '@fluxo/domain/billing/contracts';
import { ActionIcon, Checkbox, Fieldset, Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { formatMoneyInput } from '../../../../lib/format/money-input.ts';
import {
  type DraftLine,
  EXEMPTION_CODES,
  type LineProblem,
  trimZeros,
  UNIT_PRICE_DIGITS,
} from '../lib/draft.ts';

/** One line of the draft: a product (or a free description), quantity, price, discount and tax. */
export function DraftLineFields({
  index,
  line,
  problems,
  net,
  currency,
  region,
  products,
  onChange,
  onRemove,
  compact,
}: {
  index: number;
  line: DraftLine;
  problems: LineProblem[];
  net: number | null;
  currency: string;
  region: 'PT' | 'AO';
  products: Product[];
  onChange: (change: Partial<DraftLine>) => void;
  onRemove: (() => void) | null;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const has = (problem: LineProblem) => problems.includes(problem);
  const pickProduct = (id: string | null) => {
    const product = products.find((candidate) => candidate.id === id);
    if (!product) return onChange({ productId: null });
    onChange({
      productId: product.id,
      description: product.description,
      unitPrice: trimZeros(formatMoneyInput(product.unitPrice, UNIT_PRICE_DIGITS), 2),
      taxCode: product.taxCode,
      exemptionCode: product.exemptionCode,
    });
  };
  const legend = t('BILLING.DOCUMENTS.EDITOR.LINE', { number: index + 1 });
  return (
    <Fieldset legend={legend} p="sm" radius="md">
      <SimpleGrid cols={compact ? 1 : { base: 1, sm: 2 }} spacing="xs">
        <Select
          label={t('BILLING.DOCUMENTS.EDITOR.PRODUCT')}
          placeholder={t('BILLING.DOCUMENTS.EDITOR.PRODUCT_NONE')}
          searchable
          clearable
          nothingFoundMessage={t('BILLING.DOCUMENTS.EDITOR.NO_PRODUCT_FOUND')}
          data={products
            .filter((product) => !product.archived || product.id === line.productId)
            .map((product) => ({ value: product.id, label: `${product.code} · ${product.description}` }))}
          value={line.productId}
          onChange={pickProduct}
        />
        <TextInput
          label={t('BILLING.DOCUMENTS.EDITOR.DESCRIPTION')}
          value={line.description}
          maxLength={300}
          error={has('description') ? t('BILLING.DOCUMENTS.EDITOR.DESCRIPTION_REQUIRED') : undefined}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={compact ? 2 : { base: 2, sm: 4 }} spacing="xs" mt="xs">
        <TextInput
          label={t('BILLING.DOCUMENTS.EDITOR.QUANTITY')}
          inputMode="decimal"
          autoComplete="off"
          value={line.quantity}
          error={has('quantity') ? t('BILLING.DOCUMENTS.EDITOR.QUANTITY_INVALID') : undefined}
          onChange={(event) => onChange({ quantity: event.currentTarget.value })}
        />
        <TextInput
          label={t('BILLING.DOCUMENTS.EDITOR.UNIT_PRICE')}
          inputMode="decimal"
          autoComplete="off"
          value={line.unitPrice}
          error={has('unitPrice') ? t('BILLING.DOCUMENTS.EDITOR.PRICE_INVALID') : undefined}
          onChange={(event) => onChange({ unitPrice: event.currentTarget.value })}
        />
        <TextInput
          label={t('BILLING.DOCUMENTS.EDITOR.DISCOUNT')}
          inputMode="decimal"
          autoComplete="off"
          value={line.discount}
          error={has('discount') ? t('BILLING.DOCUMENTS.EDITOR.PERCENT_INVALID') : undefined}
          onChange={(event) => onChange({ discount: event.currentTarget.value })}
        />
        <Select
          label={t('BILLING.DOCUMENTS.EDITOR.TAX')}
          allowDeselect={false}
          data={TAX_CODES.map((code) => ({ value: code, label: t(`BILLING.DOCUMENTS.TAX_CODES.${code}`) }))}
          value={line.taxCode}
          error={has('rate') ? t('BILLING.DOCUMENTS.EDITOR.NO_RATE') : undefined}
          onChange={(code) => onChange({ taxCode: (code ?? 'NOR') as TaxCode })}
        />
      </SimpleGrid>
      {line.taxCode === 'ISE' && (
        <Select
          mt="xs"
          label={t('BILLING.DOCUMENTS.EDITOR.EXEMPTION')}
          searchable
          data={[...EXEMPTION_CODES[region]]}
          value={line.exemptionCode}
          error={has('exemption') ? t('ERRORS.EXEMPTION_REQUIRED') : undefined}
          onChange={(code) => onChange({ exemptionCode: code })}
        />
      )}
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Checkbox
          label={t('BILLING.DOCUMENTS.EDITOR.SUBJECT_TO_WITHHOLDING')}
          checked={line.subjectToWithholding}
          onChange={(event) => onChange({ subjectToWithholding: event.currentTarget.checked })}
        />
        <Group gap="xs" wrap="nowrap">
          <Text
            size="sm"
            fw={600}
            style={{ fontVariantNumeric: 'tabular-nums' }}
            aria-label={t('BILLING.DOCUMENTS.EDITOR.LINE_NET')}
          >
            {net === null ? '—' : money(net, currency)}
          </Text>
          {onRemove && (
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('BILLING.DOCUMENTS.EDITOR.REMOVE_LINE', { number: index + 1 })}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Fieldset>
  );
}
