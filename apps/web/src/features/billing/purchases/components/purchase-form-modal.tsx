import {
  PURCHASE_DOCUMENT_TYPES,
  PURCHASE_TAX_CODES,
  type PurchaseQrWarning,
} from '@fluxo/domain/billing/purchases-contracts';
import {
  ActionIcon,
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showError, showSuccess } from '../../../../components/widgets/toasts.ts';
import { fieldErrorsOf } from '../../../../lib/api/errors.ts';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { useSavePurchase, useSuppliers } from '../api/purchases.ts';
import {
  computedGrossTotal,
  emptyTaxRow,
  type PurchaseFormErrors,
  type PurchaseFormValues,
  purchaseBodyFromValues,
  type TaxRowValues,
} from '../lib/purchase-form.ts';

const REGIONS = ['PT', 'PT-AC', 'PT-MA', 'AO'];
const FILE_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif';

export interface PurchaseFormModalProps {
  opened: boolean;
  onClose: () => void;
  initial: PurchaseFormValues;
  /** What reading the QR code noticed, for the user to check. */
  warnings: readonly PurchaseQrWarning[];
  /** The photo or PDF the form was read from: kept with the purchase when it is saved. */
  file: File | null;
  currency: string;
  fullScreen?: boolean;
}

/** "New supplier invoice": by hand, or prefilled from the document's AT QR code. */
export function PurchaseFormModal({
  opened,
  onClose,
  initial,
  warnings,
  file: readFile,
  currency,
  fullScreen = false,
}: PurchaseFormModalProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const suppliers = useSuppliers();
  const save = useSavePurchase();
  const [values, setValues] = useState(initial);
  const [file, setFile] = useState<File | null>(readFile);
  const [errors, setErrors] = useState<PurchaseFormErrors>({});

  const set = <K extends keyof PurchaseFormValues>(key: K, value: PurchaseFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setTax = (index: number, change: Partial<TaxRowValues>) =>
    setValues((current) => ({
      ...current,
      taxes: current.taxes.map((tax, i) => (i === index ? { ...tax, ...change } : tax)),
    }));
  const error = (key: string) => {
    const found = errors[key] ?? fieldErrorsOf(save.error)[key];
    return found ? t(found) : undefined;
  };

  const submit = () => {
    const result = purchaseBodyFromValues(values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { body: result.body, file },
      {
        onSuccess: ({ purchase, fileError }) => {
          showSuccess({ message: t('BILLING.PURCHASES.SAVED', { number: purchase.documentNumber }) });
          if (fileError)
            showError({
              title: t('BILLING.PURCHASES.FILE_NOT_KEPT'),
              message: <ApiErrorMessage error={fileError} />,
            });
          onClose();
        },
      },
    );
  };

  const supplierOptions = (suppliers.data ?? []).map((party) => ({
    value: party.id,
    label: `${party.name} — ${party.taxId}`,
  }));
  const regions = [...new Set([...REGIONS, ...values.taxes.map((tax) => tax.taxRegion)])];
  const computed = computedGrossTotal(values);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('BILLING.PURCHASES.FORM.TITLE')}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      size="xl"
      fullScreen={fullScreen}
      centered={!fullScreen}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {warnings.length > 0 && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t('BILLING.PURCHASES.WARNINGS.TITLE')}
            >
              <List size="sm">
                {warnings.map((warning) => (
                  <List.Item key={warning}>{t(`BILLING.PURCHASES.WARNINGS.${warning}`)}</List.Item>
                ))}
              </List>
            </Alert>
          )}

          <SegmentedControl
            aria-label={t('BILLING.PURCHASES.FORM.SUPPLIER')}
            value={values.supplierMode}
            onChange={(mode) => set('supplierMode', mode as PurchaseFormValues['supplierMode'])}
            data={[
              { value: 'existing', label: t('BILLING.PURCHASES.FORM.KNOWN_SUPPLIER') },
              { value: 'new', label: t('BILLING.PURCHASES.FORM.NEW_SUPPLIER') },
            ]}
          />
          {values.supplierMode === 'existing' ? (
            <Select
              label={t('BILLING.PURCHASES.FORM.SUPPLIER')}
              data={supplierOptions}
              value={values.partyId}
              onChange={(id) => set('partyId', id)}
              searchable
              nothingFoundMessage={t('COMMON.NOTHING_FOUND')}
              error={error('partyId')}
              required
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('BILLING.PURCHASES.FORM.SUPPLIER_NAME')}
                value={values.supplierName}
                onChange={(event) => set('supplierName', event.currentTarget.value)}
                error={error('supplierName')}
                required
              />
              <TextInput
                label={t('BILLING.PURCHASES.FORM.SUPPLIER_TAX_ID')}
                value={values.supplierTaxId}
                onChange={(event) => set('supplierTaxId', event.currentTarget.value)}
                error={error('supplierTaxId')}
                required
              />
              <TextInput
                label={t('BILLING.PURCHASES.FORM.SUPPLIER_COUNTRY')}
                value={values.supplierCountry}
                maxLength={2}
                onChange={(event) => set('supplierCountry', event.currentTarget.value.toUpperCase())}
              />
            </SimpleGrid>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('BILLING.PURCHASES.FORM.TYPE')}
              data={PURCHASE_DOCUMENT_TYPES.map((type) => ({
                value: type,
                label: t(`BILLING.PURCHASES.TYPES.${type}`),
              }))}
              value={values.documentType}
              onChange={(type) => type && set('documentType', type as PurchaseFormValues['documentType'])}
              allowDeselect={false}
            />
            <TextInput
              label={t('BILLING.PURCHASES.FORM.NUMBER')}
              value={values.documentNumber}
              onChange={(event) => set('documentNumber', event.currentTarget.value)}
              error={error('documentNumber')}
              required
            />
            <TextInput
              type="date"
              label={t('BILLING.PURCHASES.FORM.DATE')}
              value={values.documentDate}
              onChange={(event) => set('documentDate', event.currentTarget.value)}
              error={error('documentDate')}
              required
            />
            <TextInput
              type="date"
              label={t('BILLING.PURCHASES.FORM.DUE_DATE')}
              value={values.dueDate}
              onChange={(event) => set('dueDate', event.currentTarget.value)}
              error={error('dueDate')}
            />
            <TextInput
              label={t('BILLING.PURCHASES.FORM.ATCUD')}
              value={values.atcud}
              onChange={(event) => set('atcud', event.currentTarget.value)}
            />
          </SimpleGrid>

          <Text fw={600} size="sm">
            {t('BILLING.PURCHASES.FORM.VAT_LINES')}
          </Text>
          {values.taxes.map((tax, index) => (
            // Rows have no identity of their own; their position is what the errors name.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={index} gap="xs" align="flex-end" wrap={fullScreen ? 'wrap' : 'nowrap'}>
              <Select
                label={t('BILLING.PURCHASES.FORM.REGION')}
                data={regions}
                value={tax.taxRegion}
                onChange={(region) => region && setTax(index, { taxRegion: region })}
                allowDeselect={false}
                w={110}
              />
              <Select
                label={t('BILLING.PURCHASES.FORM.RATE')}
                data={PURCHASE_TAX_CODES.map((code) => ({
                  value: code,
                  label: t(`BILLING.PURCHASES.TAX_CODES.${code}`),
                }))}
                value={tax.taxCode}
                onChange={(code) => code && setTax(index, { taxCode: code as TaxRowValues['taxCode'] })}
                allowDeselect={false}
                w={150}
              />
              <TextInput
                label={t('BILLING.PURCHASES.FORM.BASE')}
                inputMode="decimal"
                value={tax.base}
                onChange={(event) => setTax(index, { base: event.currentTarget.value })}
                error={error(`taxes.${index}.base`)}
                style={{ flex: 1, minWidth: 100 }}
              />
              <TextInput
                label={t('BILLING.PURCHASES.FORM.VAT')}
                inputMode="decimal"
                value={tax.vat}
                disabled={tax.taxCode === 'ISE' || tax.taxCode === 'NS'}
                onChange={(event) => setTax(index, { vat: event.currentTarget.value })}
                error={error(`taxes.${index}.vat`)}
                style={{ flex: 1, minWidth: 100 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('BILLING.PURCHASES.FORM.REMOVE_LINE')}
                disabled={values.taxes.length === 1}
                onClick={() =>
                  setValues((current) => ({ ...current, taxes: current.taxes.filter((_, i) => i !== index) }))
                }
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                setValues((current) => ({ ...current, taxes: [...current.taxes, emptyTaxRow()] }))
              }
            >
              {t('BILLING.PURCHASES.FORM.ADD_LINE')}
            </Button>
          </Group>

          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('BILLING.PURCHASES.FORM.STAMP_DUTY')}
              inputMode="decimal"
              value={values.stampDuty}
              onChange={(event) => set('stampDuty', event.currentTarget.value)}
              error={error('stampDuty')}
            />
            <TextInput
              label={t('BILLING.PURCHASES.FORM.WITHHOLDING')}
              inputMode="decimal"
              value={values.withholding}
              onChange={(event) => set('withholding', event.currentTarget.value)}
              error={error('withholding')}
            />
            <TextInput
              label={t('BILLING.PURCHASES.FORM.TOTAL')}
              inputMode="decimal"
              value={values.grossTotal}
              onChange={(event) => set('grossTotal', event.currentTarget.value)}
              error={error('grossTotal')}
              description={t('BILLING.PURCHASES.FORM.COMPUTED', { amount: formatMoney(computed, currency) })}
              required
            />
          </SimpleGrid>

          <FileInput
            label={t('BILLING.PURCHASES.FORM.FILE')}
            accept={FILE_ACCEPT}
            value={file}
            onChange={setFile}
            clearable
            clearButtonProps={{ 'aria-label': t('BILLING.PURCHASES.FORM.REMOVE_FILE') }}
          />
          <Textarea
            label={t('BILLING.PURCHASES.FORM.NOTES')}
            value={values.notes}
            onChange={(event) => set('notes', event.currentTarget.value)}
            autosize
            minRows={1}
          />

          <ErrorAlert error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('COMMON.CANCEL')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('BILLING.PURCHASES.FORM.SAVE')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
