import type { Transaction } from '@fluxo/domain/treasury/model';
import { Badge, Checkbox, Group, Loader, Text, Tooltip } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowsExchange,
  IconArrowsSort,
  IconArrowUp,
  IconPaperclip,
} from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import type { TransactionSort } from '../../lib/in-out-filters.ts';
import { AmountText } from './amount-text.tsx';
import classes from './transactions-table.module.css';

const ROW_HEIGHT = 44;
/** Start reading the next page this many rows before the end, so scrolling rarely meets the loader. */
const PREFETCH_ROWS = 40;

export interface TransactionsTableProps {
  rows: Transaction[];
  /** Total rows of the filtered set (for aria-rowcount), when known. */
  total: number | null;
  lookups: InOutLookups;
  sort: TransactionSort;
  onSort: (sort: TransactionSort) => void;
  selection: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selectable: boolean;
}

function SortHeader({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: 'date' | 'amount';
  sort: TransactionSort;
  onSort: (sort: TransactionSort) => void;
}) {
  const { t } = useTranslation();
  const active = sort.startsWith(field);
  const descending = sort.endsWith('desc');
  const Icon = !active ? IconArrowsSort : descending ? IconArrowDown : IconArrowUp;
  return (
    <button
      type="button"
      className={classes.sortButton}
      onClick={() => onSort(`${field}_${active && descending ? 'asc' : 'desc'}` as TransactionSort)}
      aria-label={t('TREASURY.IN_OUT.SORT_BY', { column: label })}
    >
      {label}
      <Icon size={14} aria-hidden />
    </button>
  );
}

/**
 * The movements as an ARIA grid whose rows are virtualised: only the rows in view (and a few around)
 * are in the DOM, so 100,000 movements scroll as lightly as 100. Arrow keys move between rows, Home and
 * End jump, Space selects, Enter opens the movement.
 */
export function TransactionsTable({
  rows,
  total,
  lookups,
  sort,
  onSort,
  selection,
  onToggle,
  onToggleAll,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
  selectable,
}: TransactionsTableProps) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const scroller = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState(0);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && !loadingMore && last >= rows.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, last, rows.length, onLoadMore]);

  useEffect(() => {
    if (focused >= rows.length) setFocused(Math.max(0, rows.length - 1));
  }, [focused, rows.length]);

  const focusRow = (index: number) => {
    const target = Math.min(Math.max(index, 0), rows.length - 1);
    setFocused(target);
    virtualizer.scrollToIndex(target, { align: 'auto' });
    // The row may only now be rendered: focus it on the next frame.
    requestAnimationFrame(() =>
      scroller.current?.querySelector<HTMLElement>(`[data-index="${target}"]`)?.focus(),
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, index: number, id: string) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      PageDown: index + page,
      PageUp: index - page,
      Home: 0,
      End: rows.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      focusRow(next);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onOpen(id);
    } else if (event.key === ' ' && selectable) {
      event.preventDefault();
      onToggle(id);
    }
  };

  const allSelected = rows.length > 0 && rows.every((row) => selection.has(row.id));
  const someSelected = selection.size > 0 && !allSelected;

  return (
    <>
      <div ref={scroller} className={classes.scroller}>
        <table
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: rows are keyboard-navigated and selectable: the ARIA grid pattern on a native table
          role="grid"
          className={classes.table}
          aria-label={t('TREASURY.IN_OUT.LIST_LABEL')}
          aria-rowcount={(total ?? rows.length) + 1}
          aria-multiselectable={selectable || undefined}
        >
          <thead className={classes.header}>
            <tr aria-rowindex={1} className={classes.row}>
              <th scope="col" className={classes.cell}>
                {selectable && (
                  <Checkbox
                    size="xs"
                    aria-label={t('TREASURY.IN_OUT.SELECT_ALL_LOADED')}
                    checked={allSelected}
                    indeterminate={someSelected}
                    onChange={(event) => onToggleAll(event.currentTarget.checked)}
                  />
                )}
              </th>
              <th scope="col" className={classes.cell} aria-sort={sortState(sort, 'date')}>
                <SortHeader
                  label={t('TREASURY.IN_OUT.COLUMNS.DATE')}
                  field="date"
                  sort={sort}
                  onSort={onSort}
                />
              </th>
              <th scope="col" className={classes.cell}>
                {t('TREASURY.IN_OUT.COLUMNS.ACCOUNT')}
              </th>
              <th scope="col" className={classes.cell}>
                {t('TREASURY.IN_OUT.COLUMNS.DESCRIPTION')}
              </th>
              <th scope="col" className={classes.cell}>
                {t('TREASURY.IN_OUT.COLUMNS.CATEGORY')}
              </th>
              <th scope="col" className={classes.cell}>
                {t('TREASURY.IN_OUT.COLUMNS.MERCHANT')}
              </th>
              <th scope="col" className={classes.cell} aria-label={t('TREASURY.IN_OUT.COLUMNS.DOCUMENTS')}>
                <IconPaperclip size={14} aria-hidden />
              </th>
              <th
                scope="col"
                className={`${classes.cell} ${classes.numeric}`}
                aria-sort={sortState(sort, 'amount')}
              >
                <SortHeader
                  label={t('TREASURY.IN_OUT.COLUMNS.AMOUNT')}
                  field="amount"
                  sort={sort}
                  onSort={onSort}
                />
              </th>
              <th scope="col" className={`${classes.cell} ${classes.numeric}`}>
                {t('TREASURY.IN_OUT.COLUMNS.BALANCE')}
              </th>
            </tr>
          </thead>
          <tbody className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
            {items.map((item) => {
              const row = rows[item.index];
              if (!row) return null;
              const account = lookups.accountById.get(row.accountId);
              const category = row.categoryId ? lookups.categoryById.get(row.categoryId) : undefined;
              const merchant = row.merchantId ? lookups.merchantById.get(row.merchantId) : undefined;
              const selected = selection.has(row.id);
              return (
                <tr
                  key={row.id}
                  data-index={item.index}
                  aria-rowindex={item.index + 2}
                  aria-selected={selectable ? selected : undefined}
                  tabIndex={item.index === focused ? 0 : -1}
                  className={`${classes.row} ${classes.item}`}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                  onClick={() => onOpen(row.id)}
                  onFocus={() => setFocused(item.index)}
                  onKeyDown={(event) => onKeyDown(event, item.index, row.id)}
                >
                  {/* biome-ignore lint/a11y/useKeyWithClickEvents: the row handles Space for selection */}
                  <td className={classes.cell} onClick={(event) => event.stopPropagation()}>
                    {selectable && (
                      <Checkbox
                        size="xs"
                        tabIndex={-1}
                        aria-label={t('TREASURY.IN_OUT.SELECT_ROW', { description: row.description })}
                        checked={selected}
                        onChange={() => onToggle(row.id)}
                      />
                    )}
                  </td>
                  <td className={classes.cell}>{formatDate(`${row.bookingDate}T12:00:00`)}</td>
                  <td className={classes.cell} title={account?.name}>
                    {account?.name ?? '—'}
                  </td>
                  <td className={classes.cell}>
                    <Group gap={6} wrap="nowrap">
                      {row.transferTransactionId && (
                        <Tooltip label={t('TREASURY.IN_OUT.TRANSFER')}>
                          <IconArrowsExchange size={14} aria-label={t('TREASURY.IN_OUT.TRANSFER')} />
                        </Tooltip>
                      )}
                      <Text size="sm" truncate title={row.description}>
                        {row.description}
                        {row.counterpartyName && (
                          <Text span size="xs" c="dimmed">
                            {' · '}
                            {row.counterpartyName}
                          </Text>
                        )}
                      </Text>
                    </Group>
                  </td>
                  <td className={classes.cell}>
                    {row.isSplit ? (
                      <Badge variant="outline" size="sm">
                        {t('TREASURY.IN_OUT.SPLIT_BADGE', { count: row.parts.length })}
                      </Badge>
                    ) : category ? (
                      <Badge
                        variant="light"
                        size="sm"
                        color={category.kind === 'income' ? 'teal' : 'grape'}
                        maw="100%"
                      >
                        {lookups.categoryName(category)}
                      </Badge>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('TREASURY.IN_OUT.UNCATEGORISED')}
                      </Text>
                    )}
                  </td>
                  <td className={classes.cell}>{merchant?.name ?? ''}</td>
                  <td className={classes.cell}>
                    {row.documentCount > 0 && (
                      <Group
                        gap={2}
                        wrap="nowrap"
                        aria-label={t('TREASURY.IN_OUT.DOCUMENT_COUNT', { count: row.documentCount })}
                      >
                        <IconPaperclip size={14} aria-hidden />
                        <Text size="xs" aria-hidden>
                          {row.documentCount}
                        </Text>
                      </Group>
                    )}
                  </td>
                  <td className={`${classes.cell} ${classes.numeric}`}>
                    <AmountText amount={row.amount} currency={row.currency} size="sm" />
                  </td>
                  <td className={`${classes.cell} ${classes.numeric}`}>
                    {row.runningBalance === null ? '' : formatMoney(row.runningBalance, row.currency)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {loadingMore && (
        <Group justify="center" p="xs">
          <Loader size="sm" aria-label={t('COMMON.LOADING')} />
        </Group>
      )}
    </>
  );
}

function sortState(sort: TransactionSort, field: 'date' | 'amount'): 'ascending' | 'descending' | 'none' {
  if (!sort.startsWith(field)) return 'none';
  return sort.endsWith('asc') ? 'ascending' : 'descending';
}
