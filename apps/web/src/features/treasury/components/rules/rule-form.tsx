import { RULE_FIELDS, type RuleCondition } from '@fluxo/domain/treasury/model';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { usePreviewRule, useSaveRule } from '../../api/rules.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { CategorySelect } from '../in-out/category-select.tsx';
import { MerchantSelect } from '../in-out/merchant-select.tsx';
import { MoneyInput } from '../in-out/money-input.tsx';
import { conditionForField, type RuleDraft } from './rule-draft.ts';

const TEXT_OPERATORS = ['contains', 'equals', 'startsWith'] as const;
const AMOUNT_OPERATORS = ['equals', 'gte', 'lte', 'between'] as const;

function ConditionRow({
  condition,
  index,
  lookups,
  onChange,
  onRemove,
}: {
  condition: RuleCondition;
  index: number;
  lookups: InOutLookups;
  onChange: (condition: RuleCondition) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const operators =
    condition.field === 'amount'
      ? AMOUNT_OPERATORS
      : condition.field === 'account'
        ? (['equals'] as const)
        : TEXT_OPERATORS;
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <Select
        w={150}
        label={t('TREASURY.RULES.CONDITION_FIELD', { n })}
        data={RULE_FIELDS.map((field) => ({
          value: field,
          label: t(`TREASURY.RULES.FIELDS.${field.toUpperCase()}`),
        }))}
        value={condition.field}
        allowDeselect={false}
        onChange={(field) => field && onChange(conditionForField(field as RuleCondition['field'], condition))}
      />
      <Select
        w={150}
        label={t('TREASURY.RULES.CONDITION_OPERATOR', { n })}
        data={operators.map((operator) => ({
          value: operator,
          label: t(`TREASURY.RULES.OPERATORS.${operator.toUpperCase()}`),
        }))}
        value={condition.operator}
        allowDeselect={false}
        onChange={(operator) => operator && onChange({ ...condition, operator } as RuleCondition)}
      />
      {condition.field === 'amount' ? (
        <>
          <MoneyInput
            w={130}
            label={t('TREASURY.RULES.CONDITION_VALUE', { n })}
            value={condition.value}
            onChange={(value) => onChange({ ...condition, value: value ?? 0 })}
          />
          {condition.operator === 'between' && (
            <MoneyInput
              w={130}
              label={t('TREASURY.RULES.CONDITION_TO', { n })}
              value={condition.to ?? null}
              onChange={(to) => onChange({ ...condition, to: to ?? undefined })}
            />
          )}
        </>
      ) : condition.field === 'account' ? (
        <Select
          style={{ flex: 1, minWidth: 180 }}
          label={t('TREASURY.RULES.CONDITION_VALUE', { n })}
          data={lookups.accounts.map((account) => ({ value: account.id, label: account.name }))}
          value={condition.value || null}
          onChange={(value) => onChange({ ...condition, value: value ?? '' })}
        />
      ) : (
        <TextInput
          style={{ flex: 1, minWidth: 180 }}
          label={t('TREASURY.RULES.CONDITION_VALUE', { n })}
          value={condition.value}
          maxLength={200}
          onChange={(event) => onChange({ ...condition, value: event.currentTarget.value })}
        />
      )}
      {onRemove && (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('TREASURY.RULES.REMOVE_CONDITION', { n })}
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Writes a rule: its conditions (all must hold), its actions, and how many movements it would catch today. */
export function RuleForm({
  initial,
  lookups,
  canCreateMerchants,
  onDone,
}: {
  initial: RuleDraft;
  lookups: InOutLookups;
  canCreateMerchants: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const save = useSaveRule();
  const preview = usePreviewRule();
  const set = (patch: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setCondition = (index: number, condition: RuleCondition) =>
    set({ conditions: draft.conditions.map((item, i) => (i === index ? condition : item)) });
  const hasAction =
    draft.actions.categoryId != null || draft.actions.merchantId != null || !!draft.actions.notes?.trim();
  const conditionsReady = draft.conditions.every((c) =>
    typeof c.value === 'string' ? c.value.trim() !== '' : true,
  );

  const actions = {
    ...(draft.actions.categoryId ? { categoryId: draft.actions.categoryId } : {}),
    ...(draft.actions.merchantId ? { merchantId: draft.actions.merchantId } : {}),
    ...(draft.actions.notes?.trim() ? { notes: draft.actions.notes.trim() } : {}),
    ...(draft.actions.split ? { split: draft.actions.split } : {}),
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          {
            id: draft.id,
            body: {
              name: draft.name.trim(),
              priority: draft.priority,
              enabled: draft.enabled,
              conditions: draft.conditions,
              actions,
            },
          },
          {
            onSuccess: () => {
              showSuccess({ message: t('TREASURY.RULES.SAVED') });
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Title order={3} fz="md">
          {draft.id ? t('TREASURY.RULES.EDIT_TITLE') : t('TREASURY.RULES.NEW_TITLE')}
        </Title>
        <TextInput
          label={t('TREASURY.RULES.NAME')}
          value={draft.name}
          maxLength={100}
          required
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
        <Group gap="md" align="flex-end">
          <NumberInput
            w={140}
            label={t('TREASURY.RULES.PRIORITY')}
            description={t('TREASURY.RULES.PRIORITY_HINT')}
            min={0}
            max={10_000}
            allowDecimal={false}
            value={draft.priority}
            onChange={(value) => set({ priority: typeof value === 'number' ? value : 0 })}
          />
          <Switch
            label={t('TREASURY.RULES.ENABLED')}
            checked={draft.enabled}
            onChange={(event) => set({ enabled: event.currentTarget.checked })}
          />
        </Group>

        <Text fw={600} size="sm">
          {t('TREASURY.RULES.CONDITIONS')}
        </Text>
        {draft.conditions.map((condition, index) => (
          <ConditionRow
            // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their order is their identity
            key={index}
            index={index}
            condition={condition}
            lookups={lookups}
            onChange={(next) => setCondition(index, next)}
            onRemove={
              draft.conditions.length > 1
                ? () => set({ conditions: draft.conditions.filter((_, i) => i !== index) })
                : null
            }
          />
        ))}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={draft.conditions.length >= 20}
            onClick={() =>
              set({
                conditions: [...draft.conditions, { field: 'description', operator: 'contains', value: '' }],
              })
            }
          >
            {t('TREASURY.RULES.ADD_CONDITION')}
          </Button>
          <Button
            variant="light"
            size="xs"
            disabled={!conditionsReady}
            loading={preview.isPending}
            onClick={() => preview.mutate(draft.conditions)}
          >
            {t('TREASURY.RULES.PREVIEW')}
          </Button>
          {preview.data && (
            <Text size="sm" aria-live="polite">
              {t('TREASURY.RULES.PREVIEW_COUNT', { count: preview.data.matched })}
            </Text>
          )}
        </Group>
        <ErrorAlert error={preview.error} />

        <Text fw={600} size="sm">
          {t('TREASURY.RULES.ACTIONS')}
        </Text>
        <CategorySelect
          lookups={lookups}
          label={t('TREASURY.RULES.SET_CATEGORY')}
          value={draft.actions.categoryId ?? null}
          onChange={(categoryId) =>
            set({ actions: { ...draft.actions, categoryId: categoryId ?? undefined } })
          }
        />
        <MerchantSelect
          lookups={lookups}
          label={t('TREASURY.RULES.SET_MERCHANT')}
          value={draft.actions.merchantId ?? null}
          onChange={(merchantId) =>
            set({ actions: { ...draft.actions, merchantId: merchantId ?? undefined } })
          }
          canCreate={canCreateMerchants}
        />
        <Textarea
          label={t('TREASURY.RULES.SET_NOTES')}
          value={draft.actions.notes ?? ''}
          maxLength={500}
          autosize
          onChange={(event) => set({ actions: { ...draft.actions, notes: event.currentTarget.value } })}
        />
        {draft.actions.split && (
          <Text size="sm" c="dimmed">
            {t('TREASURY.RULES.HAS_SPLIT', { count: draft.actions.split.length })}
          </Text>
        )}
        {!hasAction && !draft.actions.split && (
          <Text size="sm" c="dimmed">
            {t('TREASURY.RULES.NEEDS_ACTION')}
          </Text>
        )}
        <ErrorAlert error={save.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('DIALOGS.CANCEL')}
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!draft.name.trim() || !conditionsReady || (!hasAction && !draft.actions.split)}
          >
            {t('TREASURY.RULES.SAVE')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
