import { ActionIcon, Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useApplyRule, useCreateRule, useDeleteRule, useParties, useRules } from '../api/reconciliation.ts';
import { useReconciliationPermissions } from '../hooks/use-reconciliation-permissions.ts';
import { toastApiError } from './toast-api-error.ts';

/** "Always match movements from this IBAN (or with this text) to this customer or supplier." */
export function RulesModal({
  initialIban,
  initialPartyId,
  onClose,
}: {
  initialIban: string;
  initialPartyId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const can = useReconciliationPermissions();
  const rules = useRules();
  const [iban, setIban] = useState(initialIban);
  const [text, setText] = useState('');
  const [partyId, setPartyId] = useState<string | null>(initialPartyId);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const parties = useParties(q);
  const [autoConfirm, setAutoConfirm] = useState(true);
  const create = useCreateRule();
  const apply = useApplyRule();
  const remove = useDeleteRule();
  const save = () =>
    create.mutate(
      {
        ...(iban.trim() ? { counterpartyIban: iban.trim() } : {}),
        ...(text.trim() ? { textContains: text.trim() } : {}),
        partyId: partyId as string,
        autoConfirm,
      },
      {
        onSuccess: (result) => {
          showSuccess({ message: t('ACCOUNTING.RECONCILIATION.RULE_CREATED', { count: result.confirmed }) });
          setIban('');
          setText('');
        },
        onError: toastApiError,
      },
    );
  return (
    <Modal opened onClose={onClose} title={t('ACCOUNTING.RECONCILIATION.RULES')} size="lg">
      <Stack gap="sm">
        {rules.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('ACCOUNTING.RECONCILIATION.NO_RULES')}
          </Text>
        )}
        {rules.data?.map((rule) => (
          <Group key={rule.id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {t('ACCOUNTING.RECONCILIATION.RULE_LINE', {
                condition: rule.counterpartyIban ?? `“${rule.textContains}”`,
                party: rule.partyName,
              })}
            </Text>
            <Group gap={4} wrap="nowrap">
              {can.confirm && (
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() =>
                    apply.mutate(rule.id, {
                      onSuccess: (result) =>
                        showSuccess({
                          message: t('ACCOUNTING.RECONCILIATION.RULE_APPLIED', { count: result.confirmed }),
                        }),
                      onError: toastApiError,
                    })
                  }
                >
                  {t('ACCOUNTING.RECONCILIATION.RULE_APPLY')}
                </Button>
              )}
              {can.undo && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('ACCOUNTING.RECONCILIATION.RULE_DELETE')}
                  onClick={() => remove.mutate(rule.id, { onError: toastApiError })}
                >
                  ×
                </ActionIcon>
              )}
            </Group>
          </Group>
        ))}
        {can.confirm && (
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('ACCOUNTING.RECONCILIATION.RULE_NEW')}
            </Text>
            <TextInput
              label={t('ACCOUNTING.RECONCILIATION.RULE_IBAN')}
              value={iban}
              onChange={(event) => setIban(event.currentTarget.value)}
            />
            <TextInput
              label={t('ACCOUNTING.RECONCILIATION.RULE_TEXT')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
            <Select
              label={t('ACCOUNTING.RECONCILIATION.RULE_PARTY')}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={(parties.data ?? []).map((party) => ({
                value: party.id,
                label: `${party.name} (${party.taxId})`,
              }))}
              value={partyId}
              onChange={setPartyId}
            />
            <Checkbox
              checked={autoConfirm}
              onChange={(event) => setAutoConfirm(event.currentTarget.checked)}
              label={t('ACCOUNTING.RECONCILIATION.RULE_AUTO')}
            />
            <Group justify="end">
              <Button
                onClick={save}
                loading={create.isPending}
                disabled={!partyId || (!iban.trim() && text.trim().length < 3)}
              >
                {t('ACCOUNTING.RECONCILIATION.RULE_SAVE')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
