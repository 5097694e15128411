import { Button, Card, Center, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { DocumentStatusBadge } from './document-status-badge.tsx';
import { type DocumentsListProps, useDocumentTitle } from './documents-table.tsx';

/** Documents as cards (phone): number, customer, date, amount and standing; a tap opens it. */
export function DocumentCards({ documents, onOpen, hasMore, loadingMore, onLoadMore }: DocumentsListProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const title = useDocumentTitle();
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('BILLING.DOCUMENTS.LIST_LABEL')}
    >
      {documents.map((document) => (
        <li key={document.id}>
          <UnstyledButton onClick={() => onOpen(document.id)} w="100%" aria-label={title(document)}>
            <Card withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={600} size="sm" truncate>
                  {title(document)}
                </Text>
                <Text fw={600} size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {money(document.grossTotal, document.currency)}
                </Text>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="xs" mt={4}>
                <Text size="xs" c="dimmed" truncate>
                  {document.partyName} · {date(document.documentDate)}
                </Text>
                <DocumentStatusBadge document={document} />
              </Group>
            </Card>
          </UnstyledButton>
        </li>
      ))}
      {hasMore && (
        <Center component="li">
          <Button variant="default" onClick={onLoadMore} loading={loadingMore} fullWidth>
            {t('BILLING.DOCUMENTS.LOAD_MORE')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}
