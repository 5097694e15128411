import type { Transaction } from '@fluxo/domain/treasury/model';
import { Badge, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsExchange, IconPaperclip } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '../../../../lib/format/money.ts';
import type { InOutLookups } from '../../hooks/use-in-out-lookups.ts';
import { AmountText } from '../in-out/amount-text.tsx';

const CARD_HEIGHT = 84;
const GAP = 8;
const PREFETCH_ROWS = 20;

/**
 * The movements on a phone: one card each, virtualised against the page's own scroll so a long
 * history stays light. A card is a button: tap (or Enter) opens the movement.
 */
export function InOutCardList({
  rows,
  lookups,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  rows: Transaction[];
  lookups: InOutLookups;
  onOpen: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const listRef = useRef<HTMLUListElement>(null);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => CARD_HEIGHT + GAP,
    overscan: 6,
    scrollMargin: listRef.current?.offsetTop ?? 0,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && last >= rows.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, last, rows.length, onLoadMore]);

  return (
    <>
      <ul
        ref={listRef}
        aria-label={t('TREASURY.IN_OUT.LIST_LABEL')}
        style={{
          position: 'relative',
          height: virtualizer.getTotalSize(),
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const category = row.categoryId ? lookups.categoryById.get(row.categoryId) : undefined;
          const account = lookups.accountById.get(row.accountId);
          return (
            <li
              key={row.id}
              aria-setsize={rows.length}
              aria-posinset={item.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: CARD_HEIGHT,
                transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
              }}
            >
              <UnstyledButton
                onClick={() => onOpen(row.id)}
                w="100%"
                h="100%"
                aria-label={`${row.description} ${row.bookingDate}`}
              >
                <Paper withBorder radius="md" p="sm" h="100%">
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Group gap={4} wrap="nowrap">
                        {row.transferTransactionId && (
                          <IconArrowsExchange size={14} aria-label={t('TREASURY.IN_OUT.TRANSFER')} />
                        )}
                        <Text size="sm" fw={600} truncate>
                          {row.description}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed" truncate>
                        {formatDate(`${row.bookingDate}T12:00:00`)} · {account?.name ?? '—'}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        {row.isSplit ? (
                          <Badge size="xs" variant="outline">
                            {t('TREASURY.IN_OUT.SPLIT_BADGE', { count: row.parts.length })}
                          </Badge>
                        ) : category ? (
                          <Badge
                            size="xs"
                            variant="light"
                            color={category.kind === 'income' ? 'teal' : 'grape'}
                          >
                            {lookups.categoryName(category)}
                          </Badge>
                        ) : (
                          <Text size="xs" c="dimmed">
                            {t('TREASURY.IN_OUT.UNCATEGORISED')}
                          </Text>
                        )}
                        {row.documentCount > 0 && (
                          <Group
                            gap={2}
                            wrap="nowrap"
                            aria-label={t('TREASURY.IN_OUT.DOCUMENT_COUNT', { count: row.documentCount })}
                          >
                            <IconPaperclip size={12} aria-hidden />
                            <Text size="xs" aria-hidden>
                              {row.documentCount}
                            </Text>
                          </Group>
                        )}
                      </Group>
                    </Stack>
                    <AmountText amount={row.amount} currency={row.currency} size="sm" />
                  </Group>
                </Paper>
              </UnstyledButton>
            </li>
          );
        })}
      </ul>
      {loadingMore && (
        <Group justify="center" p="xs">
          <Loader size="sm" aria-label={t('COMMON.LOADING')} />
        </Group>
      )}
    </>
  );
}
