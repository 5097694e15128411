import type { Merchant } from '@fluxo/domain/treasury/model';
import { ActionIcon, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/dialogs/confirm-dialog.tsx';
import { openTextInputDialog } from '../../../../components/dialogs/text-input-dialog.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import {
  useCreateMerchant,
  useDeleteMerchant,
  useMerchants,
  useUpdateMerchant,
} from '../../api/merchants.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { CategorySelect } from '../in-out/category-select.tsx';
import { toastApiError } from '../in-out/toast-api-error.tsx';

export interface MerchantsPermissions {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

const nameCheck = (value: string) => (value.trim() ? null : 'VALIDATION.REQUIRED_FIELD');

/** The organization's merchants (name, NIF, default category): add, rename, set the category, delete. */
export function MerchantsManager({
  permissions,
  lookups,
}: {
  permissions: MerchantsPermissions;
  lookups: InOutLookups;
}) {
  const { t } = useTranslation();
  const merchants = useMerchants();
  const create = useCreateMerchant();
  const update = useUpdateMerchant();
  const remove = useDeleteMerchant();
  const [name, setName] = useState('');
  const [vatNumber, setVatNumber] = useState('');
  const [search, setSearch] = useState('');

  const rename = async (merchant: Merchant) => {
    const value = await openTextInputDialog({
      title: t('TREASURY.MERCHANTS.RENAME_TITLE'),
      label: t('TREASURY.MERCHANTS.NAME'),
      initialValue: merchant.name,
      confirmLabel: t('TREASURY.MERCHANTS.RENAME'),
      validate: nameCheck,
    });
    if (value) update.mutate({ id: merchant.id, body: { name: value } }, { onError: toastApiError });
  };
  const confirmDelete = async (merchant: Merchant) => {
    const confirmed = await openConfirmDialog({
      title: t('TREASURY.MERCHANTS.DELETE_TITLE'),
      message: t('TREASURY.MERCHANTS.DELETE_MESSAGE', { name: merchant.name }),
      confirmLabel: t('TREASURY.MERCHANTS.DELETE'),
      danger: true,
    });
    if (confirmed) remove.mutate(merchant.id, { onError: toastApiError });
  };

  if (merchants.isPending) return <Loader aria-label={t('COMMON.LOADING')} />;
  const needle = search.trim().toLocaleLowerCase();
  const list = (merchants.data ?? [])
    .filter(
      (m) => !needle || m.name.toLocaleLowerCase().includes(needle) || (m.vatNumber ?? '').includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack gap="md">
      <ErrorAlert error={merchants.error} />
      {permissions.create && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return;
            create.mutate(
              { name: name.trim(), vatNumber: vatNumber.trim() || null },
              {
                onSuccess: () => {
                  setName('');
                  setVatNumber('');
                  showSuccess({ message: t('TREASURY.MERCHANTS.CREATED') });
                },
              },
            );
          }}
        >
          <Stack gap="xs">
            <Group align="flex-end" gap="xs" wrap="wrap">
              <TextInput
                style={{ flex: 2, minWidth: 160 }}
                label={t('TREASURY.MERCHANTS.NEW')}
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.currentTarget.value)}
              />
              <TextInput
                style={{ flex: 1, minWidth: 120 }}
                label={t('TREASURY.MERCHANTS.VAT_NUMBER')}
                value={vatNumber}
                maxLength={20}
                onChange={(event) => setVatNumber(event.currentTarget.value)}
              />
              <Button
                type="submit"
                leftSection={<IconPlus size={16} aria-hidden />}
                loading={create.isPending}
                disabled={!name.trim()}
              >
                {t('TREASURY.MERCHANTS.ADD')}
              </Button>
            </Group>
            <ErrorAlert error={create.error} />
          </Stack>
        </form>
      )}
      <TextInput
        type="search"
        label={t('TREASURY.MERCHANTS.FILTER')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('TREASURY.MERCHANTS.EMPTY')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('TREASURY.MERCHANTS.TITLE')}
        >
          {list.map((merchant) => (
            <Group key={merchant.id} component="li" justify="space-between" gap="xs" wrap="wrap">
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={600} truncate>
                  {merchant.name}
                </Text>
                {merchant.vatNumber && (
                  <Text size="xs" c="dimmed">
                    {t('TREASURY.MERCHANTS.VAT_NUMBER')}: {merchant.vatNumber}
                  </Text>
                )}
              </Stack>
              <CategorySelect
                w={220}
                size="xs"
                lookups={lookups}
                aria-label={t('TREASURY.MERCHANTS.DEFAULT_CATEGORY_OF', { name: merchant.name })}
                placeholder={t('TREASURY.MERCHANTS.DEFAULT_CATEGORY')}
                value={merchant.defaultCategoryId}
                disabled={!permissions.edit}
                onChange={(defaultCategoryId) =>
                  update.mutate({ id: merchant.id, body: { defaultCategoryId } }, { onError: toastApiError })
                }
              />
              <Group gap={2} wrap="nowrap">
                {permissions.edit && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('TREASURY.MERCHANTS.RENAME_NAMED', { name: merchant.name })}
                    onClick={() => void rename(merchant)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                )}
                {permissions.delete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('TREASURY.MERCHANTS.DELETE_NAMED', { name: merchant.name })}
                    onClick={() => void confirmDelete(merchant)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
