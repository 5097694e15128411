import type { Purchase } from '@fluxo/domain/billing/purchases-contracts';
import { Badge, Button, Card, Group, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showError } from '../../../../components/widgets/toasts.ts';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { fetchPurchaseFile, useCancelPurchase } from '../api/purchases.ts';

function StateBadge({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation();
  if (purchase.state === 'cancelled')
    return (
      <Badge color="gray" variant="dot">
        {t('BILLING.PURCHASES.STATE.CANCELLED')}
      </Badge>
    );
  if (purchase.outstanding <= 0)
    return (
      <Badge color="teal" variant="dot">
        {t('BILLING.PURCHASES.STATE.SETTLED')}
      </Badge>
    );
  if (purchase.settled > 0)
    return (
      <Badge color="yellow" variant="dot">
        {t('BILLING.PURCHASES.STATE.PARTIAL')}
      </Badge>
    );
  return (
    <Badge color="blue" variant="dot">
      {t('BILLING.PURCHASES.STATE.OPEN')}
    </Badge>
  );
}

/** Opens the kept photo or PDF in a new tab, from bytes read with the session. */
async function openFile(purchase: Purchase, onError: (error: unknown) => void) {
  // Opened before the download: a window opened after an await is blocked as a pop-up.
  const tab = window.open('', '_blank');
  try {
    const { blob } = await fetchPurchaseFile(purchase);
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    onError(error);
  }
}

interface RowActionsProps {
  purchase: Purchase;
  canEdit: boolean;
  onCancel: (purchase: Purchase) => void;
}

function RowActions({ purchase, canEdit, onCancel }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {purchase.file && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFile size={14} aria-hidden />}
          aria-label={t('BILLING.PURCHASES.OPEN_FILE_OF', { number: purchase.documentNumber })}
          onClick={() =>
            openFile(purchase, (error) => showError({ message: <ApiErrorMessage error={error} /> }))
          }
        >
          {t('BILLING.PURCHASES.OPEN_FILE')}
        </Button>
      )}
      {canEdit && purchase.state === 'open' && purchase.settled === 0 && (
        <Button
          size="xs"
          variant="default"
          aria-label={t('BILLING.PURCHASES.CANCEL_OF', { number: purchase.documentNumber })}
          onClick={() => onCancel(purchase)}
        >
          {t('BILLING.PURCHASES.CANCEL')}
        </Button>
      )}
    </Group>
  );
}

export interface PurchasesListProps {
  purchases: Purchase[];
  variant: 'desktop' | 'mobile';
  canEdit: boolean;
}

/** The supplier documents with what is owed, paid and still open on each. */
export function PurchasesList({ purchases, variant, canEdit }: PurchasesListProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatDate = useFormatDate();
  const cancel = useCancelPurchase();
  const [cancelling, setCancelling] = useState<Purchase | null>(null);

  const confirm = (
    <Modal
      opened={cancelling !== null}
      onClose={() => setCancelling(null)}
      title={t('BILLING.PURCHASES.CANCEL_TITLE')}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      centered
    >
      <Stack>
        <Text size="sm">
          {t('BILLING.PURCHASES.CANCEL_TEXT', {
            number: cancelling?.documentNumber ?? '',
            supplier: cancelling?.partyName ?? '',
          })}
        </Text>
        <ErrorAlert error={cancel.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setCancelling(null)}>
            {t('COMMON.CANCEL')}
          </Button>
          <Button
            color="red"
            loading={cancel.isPending}
            onClick={() =>
              cancelling && cancel.mutate(cancelling.id, { onSuccess: () => setCancelling(null) })
            }
          >
            {t('BILLING.PURCHASES.CANCEL_CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  const startCancel = (purchase: Purchase) => {
    cancel.reset();
    setCancelling(purchase);
  };

  if (variant === 'mobile')
    return (
      <Stack gap="xs">
        {purchases.map((purchase) => (
          <Card
            key={purchase.id}
            withBorder
            padding="sm"
            component="article"
            aria-label={purchase.documentNumber}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} truncate>
                {purchase.partyName}
              </Text>
              <StateBadge purchase={purchase} />
            </Group>
            <Text size="sm" c="dimmed">
              {purchase.documentNumber} · {formatDate(purchase.documentDate)}
            </Text>
            <Group justify="space-between" mt={4}>
              <Text size="sm">
                {t('BILLING.PURCHASES.COLUMNS.PAYABLE')}: {formatMoney(purchase.payable, purchase.currency)}
              </Text>
              <Text size="sm" fw={600}>
                {t('BILLING.PURCHASES.COLUMNS.OPEN')}: {formatMoney(purchase.outstanding, purchase.currency)}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t('BILLING.PURCHASES.COLUMNS.SETTLED')}: {formatMoney(purchase.settled, purchase.currency)}
            </Text>
            <RowActions purchase={purchase} canEdit={canEdit} onCancel={startCancel} />
          </Card>
        ))}
        {confirm}
      </Stack>
    );

  return (
    <>
      <Table.ScrollContainer minWidth={800}>
        <Table striped highlightOnHover aria-label={t('BILLING.PURCHASES.TITLE')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('BILLING.PURCHASES.COLUMNS.DATE')}</Table.Th>
              <Table.Th>{t('BILLING.PURCHASES.COLUMNS.SUPPLIER')}</Table.Th>
              <Table.Th>{t('BILLING.PURCHASES.COLUMNS.NUMBER')}</Table.Th>
              <Table.Th>{t('BILLING.PURCHASES.COLUMNS.DUE')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.PURCHASES.COLUMNS.PAYABLE')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.PURCHASES.COLUMNS.SETTLED')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.PURCHASES.COLUMNS.OPEN')}</Table.Th>
              <Table.Th>{t('BILLING.PURCHASES.COLUMNS.STATE')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('BILLING.PURCHASES.COLUMNS.ACTIONS')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {purchases.map((purchase) => (
              <Table.Tr key={purchase.id}>
                <Table.Td>{formatDate(purchase.documentDate)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{purchase.partyName}</Text>
                  <Text size="xs" c="dimmed">
                    {purchase.partyTaxId}
                  </Text>
                </Table.Td>
                <Table.Td>{purchase.documentNumber}</Table.Td>
                <Table.Td>{formatDate(purchase.dueDate)}</Table.Td>
                <Table.Td ta="right">{formatMoney(purchase.payable, purchase.currency)}</Table.Td>
                <Table.Td ta="right">{formatMoney(purchase.settled, purchase.currency)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(purchase.outstanding, purchase.currency)}
                </Table.Td>
                <Table.Td>
                  <StateBadge purchase={purchase} />
                </Table.Td>
                <Table.Td>
                  <RowActions purchase={purchase} canEdit={canEdit} onCancel={startCancel} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {confirm}
    </>
  );
}
