import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import {
  ActionIcon,
  Button,
  Center,
  Collapse,
  Drawer,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useDocument, useDocumentsList } from '../api/documents-queries.ts';
import { useBillingPermissions } from '../hooks/use-billing-permissions.ts';
import { useDocumentFilters } from '../hooks/use-document-filters.ts';
import { activeFilterCount, filtersToQuery } from '../lib/document-filters.ts';
import { DocumentCards } from './document-cards.tsx';
import { DocumentDetail } from './document-detail.tsx';
import { DocumentEditor } from './document-editor.tsx';
import { DocumentsFilters } from './documents-filters.tsx';
import { DocumentsTable } from './documents-table.tsx';
import { DocumentsTotals } from './documents-totals.tsx';

type Editing = { draft: BillingDocument | null } | null;

/**
 * The documents tab: the filtered list (table on desktop, cards on a phone) with its totals, a new
 * document or a draft in the editor, and a document's detail with its actions.
 */
export function DocumentsPanel({ variant }: { variant: 'desktop' | 'mobile' }) {
  const { t } = useTranslation();
  const mobile = variant === 'mobile';
  const permissions = useBillingPermissions();
  const { filters, setFilters, resetFilters } = useDocumentFilters();
  const query = useMemo(() => filtersToQuery(filters), [filters]);
  const list = useDocumentsList(query);
  // `?document=<id>` opens that document (links from recurring billing's history and elsewhere).
  const [search] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(() => search.get('document'));
  const [editing, setEditing] = useState<Editing>(null);
  const count = activeFilterCount(filters);
  const [filtersOpen, filtersToggle] = useDisclosure(count > 0);
  const open = useDocument(openId);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list.hasNextPage, list.isFetchingNextPage, list.fetchNextPage]);

  const listProps = {
    documents: rows,
    onOpen: setOpenId,
    hasMore: !!list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    onLoadMore: loadMore,
  };
  const editorTitle = editing?.draft
    ? t('BILLING.DOCUMENTS.EDITOR.EDIT_TITLE', {
        type: t(`BILLING.DOCUMENTS.TYPES.${editing.draft.documentType}`),
      })
    : t('BILLING.DOCUMENTS.EDITOR.NEW_TITLE');
  const filterLabel =
    count > 0
      ? t('BILLING.DOCUMENTS.FILTERS.TOGGLE_COUNT', { count })
      : t('BILLING.DOCUMENTS.FILTERS.TOGGLE');

  const editor = editing && (
    <DocumentEditor
      key={editing.draft?.id ?? 'new'}
      draft={editing.draft}
      permissions={permissions}
      compact={mobile}
      onDone={(document) => {
        setEditing(null);
        setOpenId(document?.id ?? null);
      }}
    />
  );
  const detail = open.data ? (
    <DocumentDetail
      document={open.data}
      permissions={permissions}
      compact={mobile}
      onOpen={setOpenId}
      onEdit={(draft) => {
        setOpenId(null);
        setEditing({ draft });
      }}
    />
  ) : open.isPending ? (
    <Center py="xl">
      <Loader size="sm" />
    </Center>
  ) : (
    <ErrorAlert error={open.error} />
  );

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button
          variant={count > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={filtersToggle.toggle}
          aria-expanded={filtersOpen}
        >
          {filterLabel}
        </Button>
        {permissions.create &&
          (mobile ? (
            <ActionIcon
              size="lg"
              aria-label={t('BILLING.DOCUMENTS.ACTIONS.NEW')}
              onClick={() => setEditing({ draft: null })}
            >
              <IconPlus size={18} aria-hidden />
            </ActionIcon>
          ) : (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ draft: null })}
            >
              {t('BILLING.DOCUMENTS.ACTIONS.NEW')}
            </Button>
          ))}
      </Group>
      <Collapse in={filtersOpen}>
        <Paper withBorder radius="md" p="sm">
          <DocumentsFilters filters={filters} onChange={setFilters} onReset={resetFilters} compact={mobile} />
        </Paper>
      </Collapse>
      <DocumentsTotals query={query} compact={mobile} />
      <ErrorAlert error={list.error} />
      {!list.isPending && rows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {count > 0 ? t('BILLING.DOCUMENTS.EMPTY_FILTERED') : t('BILLING.DOCUMENTS.EMPTY')}
          </Text>
        </Paper>
      ) : mobile ? (
        <DocumentCards {...listProps} />
      ) : (
        <DocumentsTable {...listProps} />
      )}

      {mobile ? (
        <>
          <Modal
            closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
            fullScreen
            opened={!!openId}
            onClose={() => setOpenId(null)}
            title={t('BILLING.DOCUMENTS.DETAIL_TITLE')}
          >
            {detail}
          </Modal>
          <Modal
            closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
            fullScreen
            opened={!!editing}
            onClose={() => setEditing(null)}
            closeOnClickOutside={false}
            title={editorTitle}
          >
            {editor}
          </Modal>
        </>
      ) : (
        <>
          <Drawer
            closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
            opened={!!openId}
            onClose={() => setOpenId(null)}
            position="right"
            size="xl"
            title={t('BILLING.DOCUMENTS.DETAIL_TITLE')}
          >
            {detail}
          </Drawer>
          <Modal
            closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
            opened={!!editing}
            onClose={() => setEditing(null)}
            closeOnClickOutside={false}
            size="xl"
            title={editorTitle}
          >
            {editor}
          </Modal>
        </>
      )}
    </Stack>
  );
}
