import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { type BulkChange, useBulkUpdateTransactions } from '../../api/transactions-bulk-update.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { CategorySelect } from './category-select.tsx';
import { MerchantSelect } from './merchant-select.tsx';
import { toastApiError } from './toast-api-error.tsx';

type Field = 'category' | 'merchant' | 'notes';

/** What to do with a selection: set one field on all of it, or clear the selection. */
export function BulkEditBar({
  ids,
  lookups,
  canCreateMerchants,
  onClear,
}: {
  ids: string[];
  lookups: InOutLookups;
  canCreateMerchants: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const [field, setField] = useState<Field | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [merchantId, setMerchantId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  const bulk = useBulkUpdateTransactions();
  if (ids.length === 0) return null;

  const apply = () => {
    const set: BulkChange['set'] =
      field === 'category'
        ? { categoryId }
        : field === 'merchant'
          ? { merchantId }
          : { notes: notes.trim() || null };
    bulk.mutate(
      { ids, set },
      {
        onSuccess: ({ updated }) => {
          showSuccess({ message: t('TREASURY.IN_OUT.BULK.DONE', { count: updated }) });
          setField(null);
          onClear();
        },
        onError: toastApiError,
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="xs" role="region" aria-label={t('TREASURY.IN_OUT.BULK.TITLE')}>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('TREASURY.IN_OUT.BULK.SELECTED', { count: ids.length })}
        </Text>
        <Button size="xs" variant="light" onClick={() => setField('category')}>
          {t('TREASURY.IN_OUT.BULK.SET_CATEGORY')}
        </Button>
        <Button size="xs" variant="light" onClick={() => setField('merchant')}>
          {t('TREASURY.IN_OUT.BULK.SET_MERCHANT')}
        </Button>
        <Button size="xs" variant="light" onClick={() => setField('notes')}>
          {t('TREASURY.IN_OUT.BULK.SET_NOTES')}
        </Button>
        <Button size="xs" variant="subtle" onClick={onClear}>
          {t('TREASURY.IN_OUT.BULK.CLEAR')}
        </Button>
      </Group>
      <Modal
        opened={field !== null}
        onClose={() => setField(null)}
        title={t('TREASURY.IN_OUT.BULK.MODAL_TITLE', { count: ids.length })}
        centered
      >
        <Stack>
          {field === 'category' && (
            <CategorySelect
              lookups={lookups}
              label={t('TREASURY.IN_OUT.DETAIL.CATEGORY')}
              value={categoryId}
              onChange={setCategoryId}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {field === 'merchant' && (
            <MerchantSelect
              lookups={lookups}
              label={t('TREASURY.IN_OUT.DETAIL.MERCHANT')}
              value={merchantId}
              onChange={setMerchantId}
              canCreate={canCreateMerchants}
            />
          )}
          {field === 'notes' && (
            <Textarea
              label={t('TREASURY.IN_OUT.DETAIL.NOTES')}
              value={notes}
              maxLength={1000}
              autosize
              minRows={2}
              onChange={(event) => setNotes(event.currentTarget.value)}
            />
          )}
          <Text size="xs" c="dimmed">
            {t('TREASURY.IN_OUT.BULK.EMPTY_CLEARS')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setField(null)}>
              {t('DIALOGS.CANCEL')}
            </Button>
            <Button onClick={apply} loading={bulk.isPending}>
              {t('TREASURY.IN_OUT.BULK.APPLY')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
