import type { Transaction } from '@fluxo/domain/treasury/model';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../../lib/format/money.ts';
import { useTransferCandidates } from '../../api/transactions-transfer-candidates.ts';
import { useTransferLink } from '../../api/transactions-transfer-link.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { AmountText } from './amount-text.tsx';
import { toastApiError } from './toast-api-error.tsx';

/** A transfer between own accounts: the other side when linked (and unlink), else the candidates to link. */
export function TransferSection({
  transaction,
  lookups,
  canEdit,
}: {
  transaction: Transaction;
  lookups: InOutLookups;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [looking, setLooking] = useState(false);
  const candidates = useTransferCandidates(transaction.id, looking && !transaction.transferTransactionId);
  const link = useTransferLink();

  if (transaction.transferTransactionId) {
    const account = transaction.transferAccountId
      ? lookups.accountById.get(transaction.transferAccountId)
      : undefined;
    return (
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('TREASURY.IN_OUT.TRANSFERS.LINKED_WITH', { account: account?.name ?? '—' })}</Text>
        {canEdit && (
          <Button
            size="xs"
            variant="default"
            loading={link.isPending}
            onClick={() =>
              link.mutate({ id: transaction.id, counterpartId: null }, { onError: toastApiError })
            }
          >
            {t('TREASURY.IN_OUT.TRANSFERS.UNLINK')}
          </Button>
        )}
      </Group>
    );
  }
  if (!canEdit)
    return (
      <Text size="sm" c="dimmed">
        {t('TREASURY.IN_OUT.TRANSFERS.NOT_LINKED')}
      </Text>
    );
  if (!looking)
    return (
      <Button size="xs" variant="light" onClick={() => setLooking(true)}>
        {t('TREASURY.IN_OUT.TRANSFERS.FIND')}
      </Button>
    );
  if (candidates.isPending) return <Loader size="sm" aria-label={t('COMMON.LOADING')} />;
  const list = candidates.data ?? [];
  if (list.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('TREASURY.IN_OUT.TRANSFERS.NO_CANDIDATES')}
      </Text>
    );
  return (
    <Stack
      gap={4}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('TREASURY.IN_OUT.TRANSFERS.CANDIDATES')}
    >
      {list.map((candidate) => (
        <Group key={candidate.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" truncate>
              {lookups.accountById.get(candidate.accountId)?.name ?? '—'} · {candidate.description}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDate(`${candidate.bookingDate}T12:00:00`)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <AmountText amount={candidate.amount} currency={candidate.currency} size="sm" />
            <Button
              size="xs"
              loading={link.isPending}
              onClick={() =>
                link.mutate({ id: transaction.id, counterpartId: candidate.id }, { onError: toastApiError })
              }
            >
              {t('TREASURY.IN_OUT.TRANSFERS.LINK')}
            </Button>
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
