import { Button, Collapse, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconCategory, IconPlus, IconWand } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useTransactionsList } from '../api/transactions-list.ts';
import { ClassificationDrawer } from '../components/categories/classification-drawer.tsx';
import { BulkEditBar } from '../components/in-out/bulk-edit-bar.tsx';
import { InOutDatesProvider } from '../components/in-out/dates-locale.tsx';
import { ExportMenu } from '../components/in-out/export-menu.tsx';
import { FiltersFields } from '../components/in-out/filters-fields.tsx';
import { manualAccounts, NewMovementModal } from '../components/in-out/new-movement-modal.tsx';
import { SearchBox } from '../components/in-out/search-box.tsx';
import { TotalsBar } from '../components/in-out/totals-bar.tsx';
import { TransactionDetail } from '../components/in-out/transaction-detail.tsx';
import { TransactionsTable } from '../components/in-out/transactions-table.tsx';
import type { RuleDraft } from '../components/rules/rule-draft.ts';
import { RulesDrawer } from '../components/rules/rules-panel.tsx';
import { useCloseOnEscape } from '../hooks/use-close-on-escape.ts';
import { useInOutFilters } from '../hooks/use-in-out-filters.ts';
import { useInOutLookups } from '../hooks/use-in-out-lookups.ts';
import { useInOutPermissions } from '../hooks/use-in-out-permissions.ts';
import { useSelection } from '../hooks/use-selection.ts';
import { activeFilterCount, filtersToSearch } from '../lib/in-out-filters.ts';

/** Treasury › In & out: every movement of the organization, filtered, classified, split and documented. */
export function InOutRoute() {
  const { t } = useTranslation();
  const closeOnEscape = useCloseOnEscape();
  const { filters, setFilters, resetFilters } = useInOutFilters();
  const lookups = useInOutLookups();
  const permissions = useInOutPermissions();
  const list = useTransactionsList(filters);
  const { selection, toggle, setMany, clear } = useSelection();
  const [openId, setOpenId] = useState<string | null>(null);
  const [moreFilters, more] = useDisclosure(activeFilterCount(filters) > 0);
  const [rulesOpen, rules] = useDisclosure(false);
  const [editingRule, setEditingRule] = useState<RuleDraft | null>(null);
  const [categoriesOpen, categories] = useDisclosure(false);
  const [newOpen, newMovement] = useDisclosure(false);

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const totals = list.data?.pages[0]?.totals ?? [];
  const total = totals.reduce((sum, item) => sum + item.count, 0);
  const filterKey = filtersToSearch(filters).toString();
  // A selection belongs to the list it was made on: new filters start afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey is the trigger
  useEffect(() => clear(), [filterKey, clear]);

  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list.hasNextPage, list.isFetchingNextPage, list.fetchNextPage]);

  const createRule = (draft: RuleDraft) => {
    setEditingRule(draft);
    setOpenId(null);
    rules.open();
  };
  const canAddManual = permissions.createMovements && manualAccounts(lookups.accounts).length > 0;
  const count = activeFilterCount(filters);

  return (
    <InOutDatesProvider>
      <PageHeader
        eyebrow={t('MENU.TREASURY.TITLE')}
        title={t('TREASURY.IN_OUT.TITLE')}
        description={t('TREASURY.IN_OUT.DESCRIPTION')}
      />
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Group align="flex-end" gap="sm" style={{ flex: 1, minWidth: 260 }}>
            <div style={{ flex: 1, maxWidth: 420 }}>
              <SearchBox value={filters.q} onChange={(q) => setFilters({ q })} />
            </div>
            <Button
              variant={count > 0 ? 'light' : 'default'}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              onClick={more.toggle}
              aria-expanded={moreFilters}
            >
              {count > 0
                ? t('TREASURY.IN_OUT.FILTERS.TOGGLE_COUNT', { count })
                : t('TREASURY.IN_OUT.FILTERS.TOGGLE')}
            </Button>
            {count > 0 && (
              <Button variant="subtle" onClick={resetFilters}>
                {t('TREASURY.IN_OUT.FILTERS.RESET')}
              </Button>
            )}
          </Group>
          <Group gap="sm">
            {canAddManual && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={newMovement.open}>
                {t('TREASURY.IN_OUT.NEW.ACTION')}
              </Button>
            )}
            {permissions.viewRules && (
              <Button variant="default" leftSection={<IconWand size={16} aria-hidden />} onClick={rules.open}>
                {t('TREASURY.RULES.TITLE')}
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconCategory size={16} aria-hidden />}
              onClick={categories.open}
            >
              {t('TREASURY.CATEGORIES.PANEL_TITLE')}
            </Button>
            <ExportMenu filters={filters} />
          </Group>
        </Group>
        <Collapse in={moreFilters}>
          <Paper withBorder radius="md" p="sm" role="search" aria-label={t('TREASURY.IN_OUT.FILTERS.TITLE')}>
            <FiltersFields
              filters={filters}
              onChange={setFilters}
              lookups={lookups}
              cols={{ base: 1, sm: 2, md: 3, lg: 5 }}
            />
          </Paper>
        </Collapse>
        <TotalsBar totals={totals} />
        {permissions.editMovements && (
          <BulkEditBar
            ids={[...selection]}
            lookups={lookups}
            canCreateMerchants={permissions.createMerchants}
            onClear={clear}
          />
        )}
        <ErrorAlert error={list.error} />
        {!list.isPending && rows.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text ta="center" c="dimmed">
              {count > 0 ? t('TREASURY.IN_OUT.EMPTY_FILTERED') : t('TREASURY.IN_OUT.EMPTY')}
            </Text>
          </Paper>
        ) : (
          <TransactionsTable
            rows={rows}
            total={list.data ? total : null}
            lookups={lookups}
            sort={filters.sort}
            onSort={(sort) => setFilters({ sort })}
            selection={selection}
            onToggle={toggle}
            onToggleAll={(select) =>
              setMany(
                rows.map((row) => row.id),
                select,
              )
            }
            onOpen={setOpenId}
            hasMore={!!list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={loadMore}
            selectable={permissions.editMovements}
          />
        )}
      </Stack>

      <Drawer
        opened={openId !== null}
        onClose={() => setOpenId(null)}
        position="right"
        size="xl"
        title={t('TREASURY.IN_OUT.DETAIL.TITLE')}
        closeOnEscape={closeOnEscape}
        closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      >
        {openId && (
          <TransactionDetail
            transactionId={openId}
            lookups={lookups}
            permissions={permissions}
            mobile={false}
            onCreateRule={permissions.editRules ? createRule : null}
            onClose={() => setOpenId(null)}
          />
        )}
      </Drawer>
      <RulesDrawer
        opened={rulesOpen}
        onClose={() => {
          rules.close();
          setEditingRule(null);
        }}
        mobile={false}
        lookups={lookups}
        canEdit={permissions.editRules}
        canCreateMerchants={permissions.createMerchants}
        editing={editingRule}
        onEdit={setEditingRule}
      />
      <ClassificationDrawer
        opened={categoriesOpen}
        onClose={categories.close}
        mobile={false}
        permissions={permissions}
        lookups={lookups}
      />
      {canAddManual && (
        <NewMovementModal
          opened={newOpen}
          onClose={newMovement.close}
          lookups={lookups}
          canCreateMerchants={permissions.createMerchants}
        />
      )}
    </InOutDatesProvider>
  );
}
