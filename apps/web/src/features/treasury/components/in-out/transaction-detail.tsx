import type { RuleCondition, Transaction } from '@fluxo/domain/treasury/model';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/dialogs/confirm-dialog.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatDate } from '../../../../lib/format/money.ts';
import { useDeleteTransaction } from '../../api/transactions-delete.ts';
import { useTransaction } from '../../api/transactions-get.ts';
import { useUpdateTransaction } from '../../api/transactions-update.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import type { InOutPermissions } from '../../hooks/use-in-out-permissions.ts';
import type { RuleDraft } from '../rules/rule-draft.ts';
import { AmountText } from './amount-text.tsx';
import { CategorySelect } from './category-select.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { MerchantSelect } from './merchant-select.tsx';
import { SplitEditor } from './split-editor.tsx';
import { toastApiError } from './toast-api-error.tsx';
import { TransferSection } from './transfer-section.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Divider />
      <Title order={3} fz="sm">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A rule that would catch movements like this one, with its classification as the action. */
export function ruleDraftFrom(transaction: Transaction, name: string): RuleDraft {
  const conditions: RuleCondition[] = transaction.counterpartyName
    ? [{ field: 'counterparty', operator: 'contains', value: transaction.counterpartyName.slice(0, 200) }]
    : [{ field: 'description', operator: 'contains', value: transaction.description.slice(0, 200) }];
  return {
    id: null,
    name: name.slice(0, 100),
    priority: 100,
    enabled: true,
    conditions,
    actions: {
      categoryId: transaction.categoryId ?? undefined,
      merchantId: transaction.merchantId ?? undefined,
    },
  };
}

function ClassificationForm({
  transaction,
  lookups,
  permissions,
  onSaved,
}: {
  transaction: Transaction;
  lookups: InOutLookups;
  permissions: InOutPermissions;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [categoryId, setCategoryId] = useState(transaction.categoryId);
  const [merchantId, setMerchantId] = useState(transaction.merchantId);
  const [notes, setNotes] = useState(transaction.notes ?? '');
  const update = useUpdateTransaction();
  useEffect(() => {
    setCategoryId(transaction.categoryId);
    setMerchantId(transaction.merchantId);
    setNotes(transaction.notes ?? '');
  }, [transaction.categoryId, transaction.merchantId, transaction.notes]);
  const dirty =
    categoryId !== transaction.categoryId ||
    merchantId !== transaction.merchantId ||
    (notes.trim() || null) !== (transaction.notes ?? null);
  const kinds = transaction.amount < 0 ? (['expense', 'income'] as const) : (['income', 'expense'] as const);
  const editable = permissions.editMovements;

  // A merchant with a default category fills an empty category.
  const chooseMerchant = (id: string | null) => {
    setMerchantId(id);
    const merchant = id ? lookups.merchantById.get(id) : undefined;
    if (merchant?.defaultCategoryId && !categoryId) setCategoryId(merchant.defaultCategoryId);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { id: transaction.id, body: { categoryId, merchantId, notes: notes.trim() || null } },
          {
            onSuccess: () => {
              showSuccess({ message: t('TREASURY.IN_OUT.DETAIL.SAVED') });
              onSaved();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        {!transaction.isSplit && (
          <CategorySelect
            lookups={lookups}
            kinds={kinds}
            label={t('TREASURY.IN_OUT.DETAIL.CATEGORY')}
            placeholder={t('TREASURY.IN_OUT.UNCATEGORISED')}
            value={categoryId}
            onChange={setCategoryId}
            disabled={!editable}
          />
        )}
        <MerchantSelect
          lookups={lookups}
          label={t('TREASURY.IN_OUT.DETAIL.MERCHANT')}
          value={merchantId}
          onChange={chooseMerchant}
          canCreate={permissions.createMerchants}
          disabled={!editable}
        />
        <Textarea
          label={t('TREASURY.IN_OUT.DETAIL.NOTES')}
          value={notes}
          maxLength={1000}
          autosize
          minRows={2}
          disabled={!editable}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <ErrorAlert error={update.error} />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" disabled={!dirty} loading={update.isPending}>
              {t('TREASURY.IN_OUT.DETAIL.SAVE')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * Everything about one movement and what can be done with it: the bank's fields, its category,
 * merchant and notes, its parts, the transfer it belongs to and its documents. The desktop drawer and
 * the phone's full-screen sheet both show this.
 */
export function TransactionDetail({
  transactionId,
  lookups,
  permissions,
  mobile,
  onCreateRule,
  onClose,
}: {
  transactionId: string;
  lookups: InOutLookups;
  permissions: InOutPermissions;
  mobile: boolean;
  onCreateRule: ((draft: RuleDraft) => void) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const query = useTransaction(transactionId);
  const remove = useDeleteTransaction();
  const [splitting, setSplitting] = useState(false);
  const transaction = query.data;
  if (query.isError && !transaction) return <ErrorAlert error={query.error} />;
  if (!transaction) return <Loader aria-label={t('COMMON.LOADING')} />;

  const account = lookups.accountById.get(transaction.accountId);
  const category = transaction.categoryId ? lookups.categoryById.get(transaction.categoryId) : undefined;
  const day = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00`) : null);

  const confirmDelete = async () => {
    const confirmed = await openConfirmDialog({
      title: t('TREASURY.IN_OUT.DETAIL.DELETE_TITLE'),
      message: t('TREASURY.IN_OUT.DETAIL.DELETE_MESSAGE'),
      confirmLabel: t('TREASURY.IN_OUT.DETAIL.DELETE'),
      danger: true,
    });
    if (confirmed) remove.mutate(transaction.id, { onSuccess: onClose, onError: toastApiError });
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <AmountText amount={transaction.amount} currency={transaction.currency} fz={26} />
        <Text size="sm" c="dimmed">
          {day(transaction.bookingDate)} · {account?.name ?? '—'}
        </Text>
        {transaction.transferTransactionId && (
          <Alert variant="light" p="xs">
            {t('TREASURY.IN_OUT.TRANSFERS.NEITHER')}
          </Alert>
        )}
      </Stack>

      <SimpleGrid cols={mobile ? 1 : 2} spacing="xs">
        <Field label={t('TREASURY.IN_OUT.DETAIL.DESCRIPTION')}>{transaction.description}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.COUNTERPARTY')}>{transaction.counterpartyName}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.COUNTERPARTY_IBAN')}>{transaction.counterpartyIban}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.REMITTANCE')}>{transaction.remittanceInfo}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.BOOKING_DATE')}>{day(transaction.bookingDate)}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.VALUE_DATE')}>{day(transaction.valueDate)}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.END_TO_END_ID')}>{transaction.endToEndId}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.BANK_REFERENCE')}>{transaction.bankReference}</Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.SOURCE')}>
          {t(`TREASURY.IN_OUT.SOURCES.${transaction.source.toUpperCase()}`)}
        </Field>
        <Field label={t('TREASURY.IN_OUT.DETAIL.CURRENT_CATEGORY')}>
          {transaction.isSplit
            ? t('TREASURY.IN_OUT.SPLIT_BADGE', { count: transaction.parts.length })
            : category
              ? lookups.categoryName(category)
              : t('TREASURY.IN_OUT.UNCATEGORISED')}
        </Field>
      </SimpleGrid>

      <Section title={t('TREASURY.IN_OUT.DETAIL.CLASSIFY')}>
        <ClassificationForm
          transaction={transaction}
          lookups={lookups}
          permissions={permissions}
          onSaved={() => undefined}
        />
        {onCreateRule && (
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconWand size={14} aria-hidden />}
              onClick={() =>
                onCreateRule(
                  ruleDraftFrom(transaction, transaction.counterpartyName ?? transaction.description),
                )
              }
            >
              {t('TREASURY.RULES.FROM_MOVEMENT')}
            </Button>
          </Group>
        )}
      </Section>

      {(permissions.split || transaction.isSplit) && (
        <Section title={t('TREASURY.IN_OUT.SPLIT.TITLE')}>
          {transaction.isSplit && !splitting && (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {transaction.parts.map((part) => {
                const partCategory = part.categoryId ? lookups.categoryById.get(part.categoryId) : undefined;
                return (
                  <Group key={part.id} component="li" justify="space-between" gap="xs">
                    <Text size="sm">
                      {partCategory ? lookups.categoryName(partCategory) : t('TREASURY.IN_OUT.UNCATEGORISED')}
                      {part.description ? ` · ${part.description}` : ''}
                    </Text>
                    <AmountText amount={part.amount} currency={transaction.currency} size="sm" />
                  </Group>
                );
              })}
            </Stack>
          )}
          {permissions.split &&
            (splitting ? (
              <SplitEditor transaction={transaction} lookups={lookups} onDone={() => setSplitting(false)} />
            ) : (
              <Group>
                <Button size="xs" variant="light" onClick={() => setSplitting(true)}>
                  {transaction.isSplit ? t('TREASURY.IN_OUT.SPLIT.EDIT') : t('TREASURY.IN_OUT.SPLIT.START')}
                </Button>
              </Group>
            ))}
        </Section>
      )}

      <Section title={t('TREASURY.IN_OUT.TRANSFERS.TITLE')}>
        <TransferSection transaction={transaction} lookups={lookups} canEdit={permissions.editMovements} />
      </Section>

      {permissions.viewDocuments && (
        <Section title={t('TREASURY.IN_OUT.DOCUMENTS.TITLE')}>
          <DocumentsSection
            transactionId={transaction.id}
            canAdd={permissions.addDocuments}
            canDelete={permissions.deleteDocuments}
            mobile={mobile}
          />
        </Section>
      )}

      {transaction.source === 'manual' && permissions.deleteMovements && (
        <Group justify="flex-end">
          <Button
            color="red"
            variant="subtle"
            onClick={() => void confirmDelete()}
            loading={remove.isPending}
          >
            {t('TREASURY.IN_OUT.DETAIL.DELETE')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
