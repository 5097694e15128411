import { Button, Card, Group, Loader, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { fieldErrorsOf } from '../../../../lib/api/errors.ts';
import { useFieldProps } from '../../../../lib/forms/use-field-props.ts';
import { useBillingSettings, useSaveBillingSettings } from '../../api/catalogue.ts';
import { useCataloguePermissions } from '../hooks/use-catalogue-permissions.ts';

interface Values {
  multibancoEntity: string;
  documentFooter: string;
  reminderAfterDays: number | string;
}

/**
 * The organization's billing settings: the Multibanco entity its invoices get references for, the
 * footer printed on every document, and after how many days past due a reminder goes out.
 */
export default function SettingsPanel({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const permissions = useCataloguePermissions();
  const settings = useBillingSettings();
  const save = useSaveBillingSettings();
  const form = useForm<Values>({
    initialValues: { multibancoEntity: '', documentFooter: '', reminderAfterDays: '' },
    validate: {
      multibancoEntity: (value) =>
        value.trim() === '' || /^\d{5}$/.test(value.trim())
          ? null
          : 'BILLING.CATALOGUE.SETTINGS.ENTITY_INVALID',
      reminderAfterDays: (value) =>
        value === '' || (Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= 365)
          ? null
          : 'BILLING.CATALOGUE.SETTINGS.REMINDER_INVALID',
    },
  });
  const field = useFieldProps(form);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form takes the saved settings when they arrive
  useEffect(() => {
    if (!settings.data) return;
    form.setValues({
      multibancoEntity: settings.data.multibancoEntity ?? '',
      documentFooter: settings.data.documentFooter ?? '',
      reminderAfterDays: settings.data.reminderAfterDays ?? '',
    });
    form.resetDirty();
  }, [settings.data]);

  if (settings.isPending) return <Loader aria-label={t('COMMON.LOADING')} />;
  const readOnly = !permissions.editConfigs;

  async function submit(values: Values) {
    try {
      await save.mutateAsync({
        multibancoEntity: values.multibancoEntity.trim() || null,
        documentFooter: values.documentFooter.trim() || null,
        reminderAfterDays: values.reminderAfterDays === '' ? null : Number(values.reminderAfterDays),
      });
      showSuccess({ message: t('BILLING.CATALOGUE.SETTINGS.SAVED') });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) form.setErrors(fields);
    }
  }

  return (
    <Card withBorder padding={variant === 'mobile' ? 'sm' : 'lg'} maw={720}>
      <ErrorAlert error={settings.error} />
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('BILLING.CATALOGUE.SETTINGS.ENTITY')}
            description={t('BILLING.CATALOGUE.SETTINGS.ENTITY_HINT')}
            inputMode="numeric"
            maxLength={5}
            readOnly={readOnly}
            {...field('multibancoEntity')}
          />
          <Textarea
            label={t('BILLING.CATALOGUE.SETTINGS.FOOTER')}
            description={t('BILLING.CATALOGUE.SETTINGS.FOOTER_HINT')}
            autosize
            minRows={3}
            maxLength={1000}
            readOnly={readOnly}
            {...field('documentFooter')}
          />
          <NumberInput
            label={t('BILLING.CATALOGUE.SETTINGS.REMINDER')}
            description={t('BILLING.CATALOGUE.SETTINGS.REMINDER_HINT')}
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            readOnly={readOnly}
            {...field('reminderAfterDays')}
          />
          <ErrorAlert error={save.error} />
          {readOnly ? (
            <Text size="sm" c="dimmed">
              {t('BILLING.CATALOGUE.SETTINGS.READ_ONLY')}
            </Text>
          ) : (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} fullWidth={variant === 'mobile'}>
                {t('BILLING.CATALOGUE.SAVE')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
