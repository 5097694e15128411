import { PRODUCT_TYPES, type Product, TAX_CODES, type TaxCode } from '@fluxo/domain/billing/contracts';
import { vatRateOf } from '@fluxo/domain/billing/vat';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { fieldErrorsOf } from '../../../../lib/api/errors.ts';
import { useFieldProps } from '../../../../lib/forms/use-field-props.ts';
import { type ProductBody, useCreateProduct, useUpdateProduct } from '../../api/catalogue.ts';
import { exemptionCodesFor, taxRegionOf } from '../lib/exemption-codes.ts';
import { formatUnitPriceInput, parseUnitPrice } from '../lib/unit-price.ts';

interface Values {
  code: string;
  description: string;
  productType: string;
  unit: string;
  unitPrice: string;
  taxCode: string;
  exemptionCode: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

function initialValues(product: Product | null): Values {
  return {
    code: product?.code ?? '',
    description: product?.description ?? '',
    productType: product?.productType ?? 'S',
    unit: product?.unit ?? 'UN',
    unitPrice: product ? formatUnitPriceInput(product.unitPrice) : '',
    taxCode: product?.taxCode ?? 'NOR',
    exemptionCode: product?.exemptionCode ?? null,
  };
}

/** The VAT code's rate in the region today, in basis points (null: the region has no such rate). */
export function rateToday(region: string, taxCode: string): number | null {
  return vatRateOf(region, taxCode as TaxCode, today());
}

export function validateProduct(values: Values, region: string): Partial<Record<keyof Values, string>> {
  const errors: Partial<Record<keyof Values, string>> = {};
  if (!values.code.trim()) errors.code = 'VALIDATION.REQUIRED_FIELD';
  else if (/\s/.test(values.code.trim())) errors.code = 'BILLING.CATALOGUE.PRODUCT.CODE_INVALID';
  if (!values.description.trim()) errors.description = 'VALIDATION.REQUIRED_FIELD';
  if (!values.unit.trim()) errors.unit = 'VALIDATION.REQUIRED_FIELD';
  if (parseUnitPrice(values.unitPrice) === null) errors.unitPrice = 'BILLING.CATALOGUE.PRODUCT.PRICE_INVALID';
  const rate = rateToday(region, values.taxCode);
  if (rate === null) errors.taxCode = 'BILLING.CATALOGUE.PRODUCT.RATE_UNAVAILABLE';
  else if (rate === 0 && !values.exemptionCode)
    errors.exemptionCode = 'BILLING.CATALOGUE.PRODUCT.EXEMPTION_REQUIRED';
  return errors;
}

/**
 * Create or edit a product or service: code, description, SAF-T type, unit, price (4 decimals, without
 * VAT), VAT code with the rate it means today in the organization's region, and the exemption reason
 * whenever that rate is 0. Other screens open it too (the document editor's "new product").
 */
export function ProductFormModal({
  opened,
  onClose,
  product = null,
  country = 'PT',
  fullScreen = false,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  product?: Product | null;
  /** The organization's country: its tax region and exemption-code list. */
  country?: string;
  fullScreen?: boolean;
  onSaved?: (product: Product) => void;
}) {
  const { t } = useTranslation();
  const region = taxRegionOf(country);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const form = useForm<Values>({
    initialValues: initialValues(product),
    validate: (values) => validateProduct(values, region),
  });
  const field = useFieldProps(form);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form resets when the dialog opens for another product, not on each render
  useEffect(() => {
    if (!opened) return;
    form.setValues(initialValues(product));
    form.resetDirty();
    form.clearErrors();
    create.reset();
    update.reset();
  }, [opened, product?.id]);

  const mutation = product ? update : create;
  const rate = rateToday(region, form.values.taxCode);
  const exempt = rate === 0;

  async function submit(values: Values) {
    const body: ProductBody = {
      code: values.code.trim(),
      description: values.description.trim(),
      productType: values.productType as ProductBody['productType'],
      unit: values.unit.trim(),
      unitPrice: parseUnitPrice(values.unitPrice) ?? 0,
      taxCode: values.taxCode as TaxCode,
      exemptionCode: rateToday(region, values.taxCode) === 0 ? values.exemptionCode : null,
    };
    try {
      const saved = product
        ? await update.mutateAsync({ id: product.id, body })
        : await create.mutateAsync(body);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) form.setErrors(fields);
    }
  }

  const taxOptions = TAX_CODES.flatMap((code) => {
    const basisPoints = rateToday(region, code);
    if (basisPoints === null) return [];
    return [
      {
        value: code,
        label: t('BILLING.CATALOGUE.PRODUCT.TAX_OPTION', {
          name: t(`BILLING.CATALOGUE.TAX_CODES.${code}`),
          rate: new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 }).format(basisPoints / 100),
        }),
      },
    ];
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? t('BILLING.CATALOGUE.PRODUCT.EDIT_TITLE') : t('BILLING.CATALOGUE.PRODUCT.NEW_TITLE')}
      centered={!fullScreen}
      fullScreen={fullScreen}
      size="lg"
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('BILLING.CATALOGUE.PRODUCT.CODE')}
              required
              maxLength={60}
              autoComplete="off"
              {...field('code')}
            />
            <Select
              label={t('BILLING.CATALOGUE.PRODUCT.TYPE')}
              data={PRODUCT_TYPES.map((value) => ({
                value,
                label: t(`BILLING.CATALOGUE.PRODUCT_TYPES.${value}`),
              }))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...field('productType')}
            />
          </SimpleGrid>
          <TextInput
            label={t('BILLING.CATALOGUE.PRODUCT.DESCRIPTION')}
            required
            maxLength={200}
            {...field('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={t('BILLING.CATALOGUE.PRODUCT.PRICE')}
              description={t('BILLING.CATALOGUE.PRODUCT.PRICE_HINT')}
              required
              inputMode="decimal"
              autoComplete="off"
              {...field('unitPrice')}
            />
            <TextInput
              label={t('BILLING.CATALOGUE.PRODUCT.UNIT')}
              required
              maxLength={20}
              {...field('unit')}
            />
            <Select
              label={t('BILLING.CATALOGUE.PRODUCT.VAT')}
              description={t('BILLING.CATALOGUE.PRODUCT.VAT_HINT', { region })}
              data={taxOptions}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...field('taxCode')}
            />
            {exempt && (
              <Select
                label={t('BILLING.CATALOGUE.PRODUCT.EXEMPTION')}
                description={t('BILLING.CATALOGUE.PRODUCT.EXEMPTION_HINT')}
                data={exemptionCodesFor(country)}
                searchable
                required
                comboboxProps={{ withinPortal: true }}
                {...field('exemptionCode')}
              />
            )}
          </SimpleGrid>
          <ErrorAlert error={mutation.error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('BILLING.CATALOGUE.CANCEL')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('BILLING.CATALOGUE.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
