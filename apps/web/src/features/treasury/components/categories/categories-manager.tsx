import type { Category, CategoryKind } from '@fluxo/domain/treasury/model';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmDialog } from '../../../../components/dialogs/confirm-dialog.tsx';
import { openTextInputDialog } from '../../../../components/dialogs/text-input-dialog.tsx';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import {
  useCategories,
  useCreateCategory,
  useDeleteCategory,
  useUpdateCategory,
} from '../../api/categories.ts';
import { categoryNamer, categoryTree } from '../../lib/category-tree.ts';
import { toastApiError } from '../in-out/toast-api-error.tsx';

export interface CategoriesPermissions {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

const nameCheck = (value: string) =>
  value.trim() ? (value.trim().length > 100 ? 'VALIDATION.TOO_BIG' : null) : 'VALIDATION.REQUIRED_FIELD';

function NewCategoryForm({
  kind,
  parents,
}: {
  kind: CategoryKind;
  parents: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState<string | null>(null);
  const create = useCreateCategory();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        create.mutate(
          { kind, name: name.trim(), parentId },
          {
            onSuccess: () => {
              setName('');
              setParentId(null);
              showSuccess({ message: t('TREASURY.CATEGORIES.CREATED') });
            },
          },
        );
      }}
    >
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            style={{ flex: 1, minWidth: 160 }}
            label={t(`TREASURY.CATEGORIES.NEW_${kind.toUpperCase()}`)}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <Select
            style={{ flex: 1, minWidth: 160 }}
            label={t('TREASURY.CATEGORIES.PARENT')}
            placeholder={t('TREASURY.CATEGORIES.NO_PARENT')}
            clearable
            searchable
            data={parents}
            value={parentId}
            onChange={setParentId}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={create.isPending}
            disabled={!name.trim()}
          >
            {t('TREASURY.CATEGORIES.ADD')}
          </Button>
        </Group>
        <ErrorAlert error={create.error} />
      </Stack>
    </form>
  );
}

/**
 * The organization's income and expense categories as trees: add, rename, archive (or bring back) and
 * delete. Default categories show their translated name. Used on the movements screen and, later,
 * on /organization.
 */
export function CategoriesManager({ permissions }: { permissions: CategoriesPermissions }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [showArchived, setShowArchived] = useState(false);
  const name = categoryNamer((key, options) => t(key, options));
  const list = categories.data ?? [];

  const rename = async (category: Category) => {
    const value = await openTextInputDialog({
      title: t('TREASURY.CATEGORIES.RENAME_TITLE'),
      label: t('TREASURY.CATEGORIES.NAME'),
      initialValue: name(category),
      confirmLabel: t('TREASURY.CATEGORIES.RENAME'),
      validate: nameCheck,
    });
    if (value) update.mutate({ id: category.id, body: { name: value } }, { onError: toastApiError });
  };

  const confirmDelete = async (category: Category) => {
    const confirmed = await openConfirmDialog({
      title: t('TREASURY.CATEGORIES.DELETE_TITLE'),
      message: t('TREASURY.CATEGORIES.DELETE_MESSAGE', { name: name(category) }),
      confirmLabel: t('TREASURY.CATEGORIES.DELETE'),
      danger: true,
    });
    if (!confirmed) return;
    remove.mutate(category.id, {
      onSuccess: (result) =>
        showSuccess({
          message: t(
            result.archived ? 'TREASURY.CATEGORIES.ARCHIVED_INSTEAD' : 'TREASURY.CATEGORIES.DELETED',
          ),
        }),
      onError: toastApiError,
    });
  };

  if (categories.isPending) return <Loader aria-label={t('COMMON.LOADING')} />;
  return (
    <Stack gap="lg">
      <ErrorAlert error={categories.error} />
      <Switch
        label={t('TREASURY.CATEGORIES.SHOW_ARCHIVED')}
        checked={showArchived}
        onChange={(event) => setShowArchived(event.currentTarget.checked)}
      />
      {(['expense', 'income'] as const).map((kind) => {
        const nodes = categoryTree(list, kind, name, { includeArchived: showArchived });
        const parents = categoryTree(list, kind, name).map((node) => ({
          value: node.category.id,
          label: node.path,
        }));
        return (
          <Stack
            key={kind}
            gap="xs"
            component="section"
            aria-label={t(`TREASURY.CATEGORIES.KIND_${kind.toUpperCase()}`)}
          >
            <Title order={3} fz="md">
              {t(`TREASURY.CATEGORIES.KIND_${kind.toUpperCase()}`)}
            </Title>
            {nodes.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('TREASURY.CATEGORIES.EMPTY')}
              </Text>
            ) : (
              <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {nodes.map(({ category, label, depth }) => (
                  <Group
                    key={category.id}
                    component="li"
                    justify="space-between"
                    gap="xs"
                    wrap="nowrap"
                    pl={depth * 20}
                  >
                    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                      <Text size="sm" truncate c={category.archived ? 'dimmed' : undefined}>
                        {label}
                      </Text>
                      {category.archived && (
                        <Badge size="xs" color="gray">
                          {t('TREASURY.CATEGORIES.ARCHIVED')}
                        </Badge>
                      )}
                    </Group>
                    <Group gap={2} wrap="nowrap">
                      {permissions.edit && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('TREASURY.CATEGORIES.RENAME_NAMED', { name: label })}
                            onClick={() => void rename(category)}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t(
                              category.archived
                                ? 'TREASURY.CATEGORIES.UNARCHIVE_NAMED'
                                : 'TREASURY.CATEGORIES.ARCHIVE_NAMED',
                              { name: label },
                            )}
                            onClick={() =>
                              update.mutate(
                                { id: category.id, body: { archived: !category.archived } },
                                { onError: toastApiError },
                              )
                            }
                          >
                            {category.archived ? (
                              <IconArchiveOff size={16} aria-hidden />
                            ) : (
                              <IconArchive size={16} aria-hidden />
                            )}
                          </ActionIcon>
                        </>
                      )}
                      {permissions.delete && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('TREASURY.CATEGORIES.DELETE_NAMED', { name: label })}
                          onClick={() => void confirmDelete(category)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  </Group>
                ))}
              </Stack>
            )}
            {permissions.create && <NewCategoryForm kind={kind} parents={parents} />}
          </Stack>
        );
      })}
    </Stack>
  );
}
