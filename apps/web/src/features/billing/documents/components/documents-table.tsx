import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { Button, Center, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { DocumentStatusBadge } from './document-status-badge.tsx';

export interface DocumentsListProps {
  documents: BillingDocument[];
  onOpen: (id: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The name a document goes by: its number once issued, "Draft FT" before. */
export function useDocumentTitle() {
  const { t } = useTranslation();
  return (document: BillingDocument) =>
    document.documentNumber ??
    t('BILLING.DOCUMENTS.DRAFT_TITLE', { type: t(`BILLING.DOCUMENTS.TYPES.${document.documentType}`) });
}

/** Documents as a table (desktop): a row opens the document. */
export function DocumentsTable({ documents, onOpen, hasMore, loadingMore, onLoadMore }: DocumentsListProps) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const title = useDocumentTitle();
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table highlightOnHover verticalSpacing="xs" aria-label={t('BILLING.DOCUMENTS.LIST_LABEL')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('BILLING.DOCUMENTS.FIELDS.NUMBER')}</Table.Th>
              <Table.Th>{t('BILLING.DOCUMENTS.FIELDS.DATE')}</Table.Th>
              <Table.Th>{t('BILLING.DOCUMENTS.FIELDS.CUSTOMER')}</Table.Th>
              <Table.Th>{t('BILLING.DOCUMENTS.FIELDS.STATUS')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.DOCUMENTS.FIELDS.GROSS')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.DOCUMENTS.FIELDS.OUTSTANDING')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>
                  <UnstyledButton onClick={() => onOpen(document.id)} fw={600} td="underline">
                    {title(document)}
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>{date(document.documentDate)}</Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={1}>
                    {document.partyName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DocumentStatusBadge document={document} />
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(document.grossTotal, document.currency)}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {document.state === 'issued' &&
                  document.status === 'N' &&
                  !['NC', 'OR', 'PF'].includes(document.documentType)
                    ? money(Math.max(document.payable - document.settled, 0), document.currency)
                    : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {hasMore && (
        <Center>
          <Button variant="default" onClick={onLoadMore} loading={loadingMore}>
            {t('BILLING.DOCUMENTS.LOAD_MORE')}
          </Button>
        </Center>
      )}
    </>
  );
}
