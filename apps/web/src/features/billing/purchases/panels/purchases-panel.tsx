import { localIsoDate } from '@fluxo/domain';
import type { PurchasePrefill, PurchaseQrWarning } from '@fluxo/domain/billing/purchases-contracts';
import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { Button, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useOrganizations } from '../../../organizations/hooks/use-organizations.ts';
import { usePurchases } from '../api/purchases.ts';
import { PurchaseFormModal } from '../components/purchase-form-modal.tsx';
import { PurchasesList } from '../components/purchases-list.tsx';
import { ReadFromFile } from '../components/read-from-file.tsx';
import {
  emptyPurchaseValues,
  type PurchaseFormValues,
  purchaseValuesFromPrefill,
} from '../lib/purchase-form.ts';

interface OpenForm {
  /** Changes with every opening, so that the form starts from its new values. */
  key: number;
  initial: PurchaseFormValues;
  warnings: readonly PurchaseQrWarning[];
  file: File | null;
}

/**
 * The "purchases" tab of /billing/documents: supplier documents (payables) with what is paid and still
 * open on each, entered by hand or read from the AT QR code of a photo or PDF.
 */
export default function PurchasesPanel({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const { selected } = useOrganizations();
  const [openOnly, setOpenOnly] = useState(true);
  const [form, setForm] = useState<OpenForm | null>(null);
  const list = usePurchases(openOnly);
  const currency = selected?.currency ?? 'EUR';
  const region = selected?.country === 'AO' ? 'AO' : 'PT';
  const rights = useMemo(() => {
    const permissions = selected?.permissions ?? [];
    return {
      create: canFromStrings(permissions, 'billing.documents', PermissionFlag.CREATE),
      edit: canFromStrings(permissions, 'billing.documents', PermissionFlag.EDIT),
    };
  }, [selected]);

  const open = (initial: PurchaseFormValues, warnings: readonly PurchaseQrWarning[], file: File | null) =>
    setForm((current) => ({ key: (current?.key ?? 0) + 1, initial, warnings, file }));
  const onRead = (prefill: PurchasePrefill, file: File) =>
    open(purchaseValuesFromPrefill(prefill, localIsoDate()), prefill.warnings, file);

  const purchases = list.data?.pages.flatMap((page) => page.items) ?? [];
  const mobile = variant === 'mobile';

  return (
    <Stack gap="md">
      {rights.create && (
        <Stack gap="xs">
          <Group gap="xs">
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => open(emptyPurchaseValues(localIsoDate(), region), [], null)}
            >
              {t('BILLING.PURCHASES.NEW')}
            </Button>
          </Group>
          <ReadFromFile
            camera={mobile}
            onRead={onRead}
            onNoCode={(file) => open(emptyPurchaseValues(localIsoDate(), region), [], file)}
          />
        </Stack>
      )}

      <SegmentedControl
        aria-label={t('BILLING.PURCHASES.FILTER')}
        value={openOnly ? 'open' : 'all'}
        onChange={(value) => setOpenOnly(value === 'open')}
        data={[
          { value: 'open', label: t('BILLING.PURCHASES.OPEN_ONLY') },
          { value: 'all', label: t('BILLING.PURCHASES.ALL') },
        ]}
        fullWidth={mobile}
        w={mobile ? undefined : 'fit-content'}
      />

      <ErrorAlert error={list.error} />
      {list.isPending ? (
        <Center py="lg">
          <Loader aria-label={t('COMMON.LOADING')} />
        </Center>
      ) : purchases.length === 0 ? (
        <Text c="dimmed" py="md">
          {t(openOnly ? 'BILLING.PURCHASES.EMPTY_OPEN' : 'BILLING.PURCHASES.EMPTY')}
        </Text>
      ) : (
        <PurchasesList purchases={purchases} variant={variant} canEdit={rights.edit} />
      )}
      {list.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {t('BILLING.PURCHASES.MORE')}
          </Button>
        </Group>
      )}

      {form && (
        <PurchaseFormModal
          key={form.key}
          opened
          onClose={() => setForm(null)}
          initial={form.initial}
          warnings={form.warnings}
          file={form.file}
          currency={currency}
          fullScreen={mobile}
        />
      )}
    </Stack>
  );
}
