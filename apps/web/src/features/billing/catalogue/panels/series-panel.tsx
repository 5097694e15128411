import { DOCUMENT_TYPES, type Series } from '@fluxo/domain/billing/contracts';
import { isValidSeriesId, isValidSeriesValidationCode, SERIES_TYPES } from '@fluxo/domain/billing/series';
import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/dialogs/confirm-dialog.tsx';
import { openTextInputDialog } from '../../../../components/dialogs/text-input-dialog.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { fieldErrorsOf } from '../../../../lib/api/errors.ts';
import { useFieldProps } from '../../../../lib/forms/use-field-props.ts';
import { useCreateSeries, useSeriesList, useUpdateSeries } from '../../api/catalogue.ts';
import { toastApiError } from '../components/toast-api-error.ts';
import { useCataloguePermissions } from '../hooks/use-catalogue-permissions.ts';

interface Values {
  documentType: string;
  code: string;
  seriesType: string;
  validationCode: string;
}

const validationCodeCheck = (value: string) =>
  value.trim() === ''
    ? 'VALIDATION.REQUIRED_FIELD'
    : isValidSeriesValidationCode(value.trim())
      ? null
      : 'BILLING.CATALOGUE.SERIES.VALIDATION_CODE_INVALID';

/**
 * Document series per type and year (the year in the series code, as the AT recommends), type N
 * normal, F training, R recovery; the AT validation code recorded once (ATCUD needs it), and closing.
 */
export default function SeriesPanel({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const permissions = useCataloguePermissions();
  const series = useSeriesList();
  const create = useCreateSeries();
  const update = useUpdateSeries();
  const mobile = variant === 'mobile';
  const year = String(new Date().getFullYear());
  const form = useForm<Values>({
    initialValues: { documentType: 'FT', code: year, seriesType: 'N', validationCode: '' },
    validate: (values) => ({
      code: isValidSeriesId(values.code.trim()) ? null : 'BILLING.CATALOGUE.SERIES.CODE_INVALID',
      validationCode: values.validationCode.trim() === '' ? null : validationCodeCheck(values.validationCode),
    }),
  });
  const field = useFieldProps(form);

  const typeName = (type: string) => t(`BILLING.CATALOGUE.DOCUMENT_TYPES.${type}`);

  async function submit(values: Values) {
    try {
      await create.mutateAsync({
        documentType: values.documentType as Series['documentType'],
        code: values.code.trim(),
        seriesType: values.seriesType as Series['seriesType'],
        validationCode: values.validationCode.trim() || null,
      });
      showSuccess({ message: t('BILLING.CATALOGUE.SERIES.CREATED') });
      form.setFieldValue('validationCode', '');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length) form.setErrors(fields);
    }
  }

  const register = async (item: Series) => {
    const value = await openTextInputDialog({
      title: t('BILLING.CATALOGUE.SERIES.REGISTER_TITLE', { code: item.code }),
      message: t('BILLING.CATALOGUE.SERIES.REGISTER_MESSAGE'),
      label: t('BILLING.CATALOGUE.SERIES.VALIDATION_CODE'),
      confirmLabel: t('BILLING.CATALOGUE.SERIES.REGISTER'),
      validate: (text) => {
        const error = validationCodeCheck(text);
        return error ? t(error) : null;
      },
    });
    if (value)
      update.mutate({ id: item.id, body: { validationCode: value.trim() } }, { onError: toastApiError });
  };
  const close = async (item: Series) => {
    const confirmed = await openConfirmDialog({
      title: t('BILLING.CATALOGUE.SERIES.CLOSE_TITLE', { code: item.code }),
      message: t('BILLING.CATALOGUE.SERIES.CLOSE_MESSAGE'),
      confirmLabel: t('BILLING.CATALOGUE.SERIES.CLOSE'),
      danger: true,
    });
    if (confirmed) update.mutate({ id: item.id, body: { closed: true } }, { onError: toastApiError });
  };

  const status = (item: Series) =>
    item.closed ? (
      <Badge variant="outline" color="gray">
        {t('BILLING.CATALOGUE.SERIES.CLOSED')}
      </Badge>
    ) : item.validationCode ? (
      <Badge variant="light" color="teal">
        {t('BILLING.CATALOGUE.SERIES.OPEN')}
      </Badge>
    ) : (
      <Badge variant="light" color="yellow">
        {t('BILLING.CATALOGUE.SERIES.UNREGISTERED')}
      </Badge>
    );
  const actions = (item: Series) =>
    permissions.editConfigs &&
    !item.closed && (
      <Group gap="xs" wrap="nowrap">
        {!item.validationCode && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconShieldCheck size={14} aria-hidden />}
            aria-label={t('BILLING.CATALOGUE.SERIES.REGISTER_NAMED', {
              code: item.code,
              type: item.documentType,
            })}
            onClick={() => void register(item)}
          >
            {t('BILLING.CATALOGUE.SERIES.REGISTER')}
          </Button>
        )}
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconLock size={14} aria-hidden />}
          aria-label={t('BILLING.CATALOGUE.SERIES.CLOSE_NAMED', { code: item.code, type: item.documentType })}
          onClick={() => void close(item)}
        >
          {t('BILLING.CATALOGUE.SERIES.CLOSE')}
        </Button>
      </Group>
    );

  const list = series.data ?? [];
  return (
    <Stack gap="lg">
      {permissions.createConfigs && (
        <Card withBorder padding={mobile ? 'sm' : 'md'}>
          <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
            <Stack gap="sm">
              <Title order={3} size="h5">
                {t('BILLING.CATALOGUE.SERIES.NEW')}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                <Select
                  label={t('BILLING.CATALOGUE.SERIES.DOCUMENT_TYPE')}
                  data={DOCUMENT_TYPES.map((value) => ({ value, label: `${value} — ${typeName(value)}` }))}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  {...field('documentType')}
                />
                <TextInput
                  label={t('BILLING.CATALOGUE.SERIES.CODE')}
                  description={t('BILLING.CATALOGUE.SERIES.CODE_HINT')}
                  maxLength={35}
                  required
                  {...field('code')}
                />
                <Select
                  label={t('BILLING.CATALOGUE.SERIES.TYPE')}
                  data={SERIES_TYPES.map((value) => ({
                    value,
                    label: t(`BILLING.CATALOGUE.SERIES_TYPES.${value}`),
                  }))}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  {...field('seriesType')}
                />
                <TextInput
                  label={t('BILLING.CATALOGUE.SERIES.VALIDATION_CODE')}
                  description={t('BILLING.CATALOGUE.SERIES.VALIDATION_CODE_HINT')}
                  maxLength={50}
                  {...field('validationCode')}
                />
              </SimpleGrid>
              <ErrorAlert error={create.error} />
              <Group justify="flex-end">
                <Button
                  type="submit"
                  leftSection={<IconPlus size={16} aria-hidden />}
                  loading={create.isPending}
                  fullWidth={mobile}
                >
                  {t('BILLING.CATALOGUE.SERIES.CREATE')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Card>
      )}
      <ErrorAlert error={series.error} />
      {series.isPending ? (
        <Loader aria-label={t('COMMON.LOADING')} />
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('BILLING.CATALOGUE.SERIES.EMPTY')}
        </Text>
      ) : mobile ? (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('BILLING.CATALOGUE.SERIES.TITLE')}
        >
          {list.map((item) => (
            <Card key={item.id} component="li" withBorder padding="sm">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>
                    {item.documentType} {item.code}
                  </Text>
                  {status(item)}
                </Group>
                <Text size="xs" c="dimmed">
                  {typeName(item.documentType)} · {t(`BILLING.CATALOGUE.SERIES_TYPES.${item.seriesType}`)}
                </Text>
                <Text size="xs">
                  {t('BILLING.CATALOGUE.SERIES.VALIDATION_CODE')}: {item.validationCode ?? '—'} ·{' '}
                  {t('BILLING.CATALOGUE.SERIES.NEXT_NUMBER')}: {item.nextNumber}
                </Text>
                {actions(item)}
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-label={t('BILLING.CATALOGUE.SERIES.TITLE')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('BILLING.CATALOGUE.SERIES.DOCUMENT_TYPE')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.SERIES.CODE')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.SERIES.TYPE')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.SERIES.VALIDATION_CODE')}</Table.Th>
                <Table.Th ta="right">{t('BILLING.CATALOGUE.SERIES.NEXT_NUMBER')}</Table.Th>
                <Table.Th>{t('BILLING.CATALOGUE.SERIES.STATUS')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('BILLING.CATALOGUE.ACTIONS')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    {item.documentType} — {typeName(item.documentType)}
                  </Table.Td>
                  <Table.Td>{item.code}</Table.Td>
                  <Table.Td>{t(`BILLING.CATALOGUE.SERIES_TYPES.${item.seriesType}`)}</Table.Td>
                  <Table.Td>{item.validationCode ?? '—'}</Table.Td>
                  <Table.Td ta="right">{item.nextNumber}</Table.Td>
                  <Table.Td>{status(item)}</Table.Td>
                  <Table.Td>{actions(item)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
