import { ActionIcon, Button, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconDotsVertical, IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useExportTransactions } from '../api/transactions-export.ts';
import { useTransactionsList } from '../api/transactions-list.ts';
import { ClassificationDrawer } from '../components/categories/classification-drawer.tsx';
import { InOutDatesProvider } from '../components/in-out/dates-locale.tsx';
import { manualAccounts, NewMovementModal } from '../components/in-out/new-movement-modal.tsx';
import { SearchBox } from '../components/in-out/search-box.tsx';
import { toastApiError } from '../components/in-out/toast-api-error.tsx';
import { TotalsBar } from '../components/in-out/totals-bar.tsx';
import { InOutCardList } from '../components/mobile/in-out-card-list.tsx';
import { InOutDetailSheet } from '../components/mobile/in-out-detail-sheet.tsx';
import { InOutFilterSheet } from '../components/mobile/in-out-filter-sheet.tsx';
import type { RuleDraft } from '../components/rules/rule-draft.ts';
import { RulesDrawer } from '../components/rules/rules-panel.tsx';
import { useInOutFilters } from '../hooks/use-in-out-filters.ts';
import { useInOutLookups } from '../hooks/use-in-out-lookups.ts';
import { useInOutPermissions } from '../hooks/use-in-out-permissions.ts';
import { activeFilterCount } from '../lib/in-out-filters.ts';

/** Treasury › In & out on a phone (/m/treasury/in-out): cards, a filter sheet and a full-screen detail. */
export function MobileInOutRoute() {
  const { t } = useTranslation();
  const { filters, setFilters, resetFilters } = useInOutFilters();
  const lookups = useInOutLookups();
  const permissions = useInOutPermissions();
  const list = useTransactionsList(filters);
  const exporter = useExportTransactions();
  const [openId, setOpenId] = useState<string | null>(null);
  const [filtersOpen, filterSheet] = useDisclosure(false);
  const [rulesOpen, rules] = useDisclosure(false);
  const [editingRule, setEditingRule] = useState<RuleDraft | null>(null);
  const [categoriesOpen, categories] = useDisclosure(false);
  const [newOpen, newMovement] = useDisclosure(false);
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const totals = list.data?.pages[0]?.totals ?? [];
  const count = activeFilterCount(filters);
  const canAddManual = permissions.createMovements && manualAccounts(lookups.accounts).length > 0;
  const loadMore = useCallback(() => {
    if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }, [list.hasNextPage, list.isFetchingNextPage, list.fetchNextPage]);

  return (
    <InOutDatesProvider>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {t('MENU.TREASURY.TITLE')}
            </Text>
            <Title order={1} fz={22}>
              {t('TREASURY.IN_OUT.TITLE')}
            </Title>
          </div>
          <Group gap={4} wrap="nowrap">
            {canAddManual && (
              <ActionIcon size="lg" aria-label={t('TREASURY.IN_OUT.NEW.ACTION')} onClick={newMovement.open}>
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
            )}
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon size="lg" variant="default" aria-label={t('TREASURY.IN_OUT.MORE_ACTIONS')}>
                  <IconDotsVertical size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {permissions.viewRules && (
                  <Menu.Item onClick={rules.open}>{t('TREASURY.RULES.TITLE')}</Menu.Item>
                )}
                <Menu.Item onClick={categories.open}>{t('TREASURY.CATEGORIES.PANEL_TITLE')}</Menu.Item>
                <Menu.Item
                  onClick={() => exporter.mutate({ filters, format: 'csv' }, { onError: toastApiError })}
                >
                  {t('TREASURY.IN_OUT.EXPORT.CSV')}
                </Menu.Item>
                <Menu.Item
                  onClick={() => exporter.mutate({ filters, format: 'xlsx' }, { onError: toastApiError })}
                >
                  {t('TREASURY.IN_OUT.EXPORT.XLSX')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <SearchBox value={filters.q} onChange={(q) => setFilters({ q })} />
          </div>
          <Button
            variant={count > 0 ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
            onClick={filterSheet.open}
          >
            {count > 0
              ? t('TREASURY.IN_OUT.FILTERS.TOGGLE_COUNT', { count })
              : t('TREASURY.IN_OUT.FILTERS.TOGGLE')}
          </Button>
        </Group>
        <TotalsBar totals={totals} compact />
        <ErrorAlert error={list.error} />
        {!list.isPending && rows.length === 0 ? (
          <Text ta="center" c="dimmed" py="xl">
            {count > 0 ? t('TREASURY.IN_OUT.EMPTY_FILTERED') : t('TREASURY.IN_OUT.EMPTY')}
          </Text>
        ) : (
          <InOutCardList
            rows={rows}
            lookups={lookups}
            onOpen={setOpenId}
            hasMore={!!list.hasNextPage}
            loadingMore={list.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        )}
      </Stack>
      <InOutFilterSheet
        opened={filtersOpen}
        onClose={filterSheet.close}
        filters={filters}
        onChange={setFilters}
        onReset={resetFilters}
        lookups={lookups}
      />
      <InOutDetailSheet
        transactionId={openId}
        onClose={() => setOpenId(null)}
        lookups={lookups}
        permissions={permissions}
        onCreateRule={
          permissions.editRules
            ? (draft) => {
                setEditingRule(draft);
                setOpenId(null);
                rules.open();
              }
            : null
        }
      />
      <RulesDrawer
        opened={rulesOpen}
        onClose={() => {
          rules.close();
          setEditingRule(null);
        }}
        mobile
        lookups={lookups}
        canEdit={permissions.editRules}
        canCreateMerchants={permissions.createMerchants}
        editing={editingRule}
        onEdit={setEditingRule}
      />
      <ClassificationDrawer
        opened={categoriesOpen}
        onClose={categories.close}
        mobile
        permissions={permissions}
        lookups={lookups}
      />
      {canAddManual && (
        <NewMovementModal
          opened={newOpen}
          onClose={newMovement.close}
          lookups={lookups}
          canCreateMerchants={permissions.createMerchants}
          fullScreen
        />
      )}
    </InOutDatesProvider>
  );
}
