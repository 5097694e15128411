import type { Rule } from '@fluxo/domain/treasury/model';
import { ActionIcon, Badge, Button, Checkbox, Drawer, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/dialogs/confirm-dialog.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useApplyRule, useDeleteRule, useRules } from '../../api/rules.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { toastApiError } from '../in-out/toast-api-error.tsx';
import { draftOf, NEW_RULE, type RuleDraft } from './rule-draft.ts';
import { RuleForm } from './rule-form.tsx';

/** The rules list with "apply to existing", and the form for a new or edited rule. */
export function RulesPanelContent({
  lookups,
  canEdit,
  canCreateMerchants,
  editing,
  onEdit,
}: {
  lookups: InOutLookups;
  canEdit: boolean;
  canCreateMerchants: boolean;
  editing: RuleDraft | null;
  onEdit: (draft: RuleDraft | null) => void;
}) {
  const { t } = useTranslation();
  const rules = useRules();
  const remove = useDeleteRule();
  const apply = useApplyRule();

  if (editing)
    return (
      <RuleForm
        key={editing.id ?? 'new'}
        initial={editing}
        lookups={lookups}
        canCreateMerchants={canCreateMerchants}
        onDone={() => onEdit(null)}
      />
    );

  const runOnHistory = async (rule: Rule) => {
    let overwrite = false;
    const confirmed = await openConfirmDialog({
      title: t('TREASURY.RULES.APPLY_TITLE', { name: rule.name }),
      message: (
        <Stack gap="sm">
          <Text size="sm">{t('TREASURY.RULES.APPLY_MESSAGE')}</Text>
          <Checkbox
            label={t('TREASURY.RULES.APPLY_OVERWRITE')}
            onChange={(event) => {
              overwrite = event.currentTarget.checked;
            }}
          />
        </Stack>
      ),
      confirmLabel: t('TREASURY.RULES.APPLY'),
    });
    if (!confirmed) return;
    apply.mutate(
      { id: rule.id, overwrite },
      {
        onSuccess: ({ matched, updated }) =>
          showSuccess({ message: t('TREASURY.RULES.APPLIED', { matched, updated }) }),
        onError: toastApiError,
      },
    );
  };

  const confirmDelete = async (rule: Rule) => {
    const confirmed = await openConfirmDialog({
      title: t('TREASURY.RULES.DELETE_TITLE'),
      message: t('TREASURY.RULES.DELETE_MESSAGE', { name: rule.name }),
      confirmLabel: t('TREASURY.RULES.DELETE'),
      danger: true,
    });
    if (confirmed) remove.mutate(rule.id, { onError: toastApiError });
  };

  const list = [...(rules.data ?? [])].sort(
    (a, b) => a.priority - b.priority || a.name.localeCompare(b.name),
  );
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('TREASURY.RULES.INTRO')}
      </Text>
      {canEdit && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onEdit(NEW_RULE)}>
            {t('TREASURY.RULES.NEW')}
          </Button>
        </Group>
      )}
      <ErrorAlert error={rules.error} />
      {rules.isPending ? (
        <Loader aria-label={t('COMMON.LOADING')} />
      ) : list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('TREASURY.RULES.EMPTY')}
        </Text>
      ) : (
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('TREASURY.RULES.TITLE')}
        >
          {list.map((rule) => (
            <Group key={rule.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="sm" fw={600} truncate>
                    {rule.name}
                  </Text>
                  {!rule.enabled && (
                    <Badge size="xs" color="gray">
                      {t('TREASURY.RULES.DISABLED')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {t('TREASURY.RULES.SUMMARY', {
                    conditions: rule.conditions.length,
                    priority: rule.priority,
                  })}
                </Text>
              </Stack>
              {canEdit && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('TREASURY.RULES.APPLY_NAMED', { name: rule.name })}
                    onClick={() => void runOnHistory(rule)}
                    loading={apply.isPending && apply.variables?.id === rule.id}
                  >
                    <IconPlayerPlay size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('TREASURY.RULES.EDIT_NAMED', { name: rule.name })}
                    onClick={() => onEdit(draftOf(rule))}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('TREASURY.RULES.DELETE_NAMED', { name: rule.name })}
                    onClick={() => void confirmDelete(rule)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The rules in a side drawer (a full-screen sheet on a phone). */
export function RulesDrawer({
  opened,
  onClose,
  mobile,
  ...props
}: Parameters<typeof RulesPanelContent>[0] & { opened: boolean; onClose: () => void; mobile: boolean }) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('TREASURY.RULES.TITLE')}
      position={mobile ? 'bottom' : 'right'}
      size={mobile ? '100%' : 'xl'}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      <RulesPanelContent {...props} />
    </Drawer>
  );
}
