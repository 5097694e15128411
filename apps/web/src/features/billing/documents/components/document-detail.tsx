import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import {
  Anchor,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileTypePdf, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf, useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import { formatMoneyInput } from '../../../../lib/format/money-input.ts';
import { openDocumentPdf } from '../api/document-pdf.ts';
import type { BillingPermissions } from '../hooks/use-billing-permissions.ts';
import { QUANTITY_DIGITS, trimZeros, UNIT_PRICE_DIGITS } from '../lib/draft.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { ConvertDialog } from './convert-dialog.tsx';
import { CreditNoteDialog } from './credit-note-dialog.tsx';
import { DocumentStatusBadge } from './document-status-badge.tsx';
import { useDocumentTitle } from './documents-table.tsx';
import { DocumentTotalsView } from './draft-totals.tsx';
import { PaymentDialog } from './payment-dialog.tsx';
import { SendDialog } from './send-dialog.tsx';
import { toastError } from './toast-error.tsx';

const PAYABLE_TYPES = ['FT', 'FS', 'FR', 'ND'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/**
 * An issued document as printed (number, ATCUD, hash characters, QR string, lines, taxes, totals)
 * and what can be done with it; a draft shows its content and opens in the editor.
 */
export function DocumentDetail({
  document,
  permissions,
  compact,
  onEdit,
  onOpen,
}: {
  document: BillingDocument;
  permissions: BillingPermissions;
  compact: boolean;
  /** Opens a draft in the editor. */
  onEdit: (document: BillingDocument) => void;
  /** Shows another document (the one referenced, a credit note just made). */
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const title = useDocumentTitle();
  const [payOpen, pay] = useDisclosure(false);
  const [sendOpen, send] = useDisclosure(false);
  const [creditOpen, credit] = useDisclosure(false);
  const [cancelOpen, cancel] = useDisclosure(false);
  const [convertOpen, convert] = useDisclosure(false);
  const issued = document.state === 'issued';
  const normal = issued && document.status === 'N';
  const owed = Math.max(document.payable - document.settled, 0);
  const payable = normal && PAYABLE_TYPES.includes(document.documentType) && owed > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t(`BILLING.DOCUMENTS.TYPES.${document.documentType}`)}
          </Text>
          <Title order={2} fz={compact ? 20 : 24}>
            {title(document)}
          </Title>
        </div>
        <DocumentStatusBadge document={document} />
      </Group>

      <Group gap="xs" wrap="wrap">
        {issued && (
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            onClick={() =>
              openDocumentPdf(document.id, `${document.documentNumber ?? 'document'}.pdf`).catch(toastError)
            }
          >
            {t('BILLING.DOCUMENTS.ACTIONS.PDF')}
          </Button>
        )}
        {issued && document.status !== 'A' && permissions.create && (
          <Button variant="default" leftSection={<IconMail size={16} aria-hidden />} onClick={send.open}>
            {t('BILLING.DOCUMENTS.ACTIONS.SEND')}
          </Button>
        )}
        {payable && permissions.create && (
          <Button onClick={pay.open}>{t('BILLING.DOCUMENTS.ACTIONS.RECORD_PAYMENT')}</Button>
        )}
        {normal && PAYABLE_TYPES.includes(document.documentType) && permissions.create && (
          <Button variant="default" onClick={credit.open}>
            {t('BILLING.DOCUMENTS.ACTIONS.CREDIT_NOTE')}
          </Button>
        )}
        {normal && ['OR', 'PF'].includes(document.documentType) && permissions.create && (
          <Button onClick={convert.open}>{t('BILLING.DOCUMENTS.ACTIONS.CONVERT')}</Button>
        )}
        {normal && permissions.remove && (
          <Button variant="default" c="red.9" onClick={cancel.open}>
            {t('BILLING.DOCUMENTS.ACTIONS.CANCEL')}
          </Button>
        )}
        {!issued && (permissions.edit || permissions.create) && (
          <Button onClick={() => onEdit(document)}>{t('BILLING.DOCUMENTS.ACTIONS.EDIT_DRAFT')}</Button>
        )}
      </Group>

      <SimpleGrid cols={compact ? 2 : { base: 2, md: 4 }} spacing="sm">
        <Fact label={t('BILLING.DOCUMENTS.FIELDS.CUSTOMER')}>
          {document.partyName}
          <Text size="xs" c="dimmed">
            {t('BILLING.DOCUMENTS.FIELDS.TAX_ID')} {document.partyTaxId}
          </Text>
        </Fact>
        <Fact label={t('BILLING.DOCUMENTS.FIELDS.DATE')}>{date(document.documentDate)}</Fact>
        <Fact label={t('BILLING.DOCUMENTS.FIELDS.DUE_DATE')}>{date(document.dueDate)}</Fact>
        {document.atcud && <Fact label="ATCUD">{document.atcud}</Fact>}
        {document.hashCharacters && (
          <Fact label={t('BILLING.DOCUMENTS.FIELDS.HASH_CHARACTERS')}>
            {document.hashCharacters}
            {document.hashControl
              ? ` · ${t('BILLING.DOCUMENTS.FIELDS.HASH_CONTROL')} ${document.hashControl}`
              : ''}
          </Fact>
        )}
        {document.systemEntryAt && (
          <Fact label={t('BILLING.DOCUMENTS.FIELDS.SYSTEM_ENTRY')}>
            {new Intl.DateTimeFormat(localeOf(i18n.language), {
              dateStyle: 'medium',
              timeStyle: 'medium',
            }).format(new Date(document.systemEntryAt))}
          </Fact>
        )}
        {document.referenceDocumentId && (
          <Fact label={t('BILLING.DOCUMENTS.FIELDS.REFERENCE')}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => onOpen(document.referenceDocumentId as string)}
            >
              {t('BILLING.DOCUMENTS.FIELDS.OPEN_REFERENCE')}
            </Anchor>
          </Fact>
        )}
        {document.emailedAt && (
          <Fact label={t('BILLING.DOCUMENTS.FIELDS.EMAILED')}>{date(document.emailedAt)}</Fact>
        )}
      </SimpleGrid>
      {document.reason && <Fact label={t('BILLING.DOCUMENTS.FIELDS.REASON')}>{document.reason}</Fact>}
      {document.cancelReason && (
        <Fact label={t('BILLING.DOCUMENTS.FIELDS.CANCEL_REASON')}>{document.cancelReason}</Fact>
      )}

      <Table.ScrollContainer minWidth={compact ? 0 : 560}>
        <Table verticalSpacing={4} aria-label={t('BILLING.DOCUMENTS.FIELDS.LINES')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('BILLING.DOCUMENTS.EDITOR.DESCRIPTION')}</Table.Th>
              {!compact && <Table.Th ta="right">{t('BILLING.DOCUMENTS.EDITOR.QUANTITY')}</Table.Th>}
              {!compact && <Table.Th ta="right">{t('BILLING.DOCUMENTS.EDITOR.UNIT_PRICE')}</Table.Th>}
              {!compact && <Table.Th ta="right">{t('BILLING.DOCUMENTS.EDITOR.DISCOUNT')}</Table.Th>}
              <Table.Th ta="right">{t('BILLING.DOCUMENTS.EDITOR.TAX')}</Table.Th>
              <Table.Th ta="right">{t('BILLING.DOCUMENTS.TOTALS.NET')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {document.lines.map((line) => (
              <Table.Tr key={line.position}>
                <Table.Td>
                  {line.description}
                  {compact && (
                    <Text size="xs" c="dimmed">
                      {trimZeros(formatMoneyInput(line.quantity, QUANTITY_DIGITS))} {line.unit} ×{' '}
                      {trimZeros(formatMoneyInput(line.unitPrice, UNIT_PRICE_DIGITS), 2)}
                    </Text>
                  )}
                </Table.Td>
                {!compact && (
                  <Table.Td ta="right">
                    {trimZeros(formatMoneyInput(line.quantity, QUANTITY_DIGITS))} {line.unit}
                  </Table.Td>
                )}
                {!compact && (
                  <Table.Td ta="right">
                    {trimZeros(formatMoneyInput(line.unitPrice, UNIT_PRICE_DIGITS), 2)}
                  </Table.Td>
                )}
                {!compact && (
                  <Table.Td ta="right">
                    {line.discountBasisPoints ? `${line.discountBasisPoints / 100} %` : '—'}
                  </Table.Td>
                )}
                <Table.Td ta="right">
                  {line.vatBasisPoints === 0 ? line.exemptionCode : `${line.vatBasisPoints / 100} %`}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(line.net, document.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <SimpleGrid cols={compact ? 1 : 2} spacing="sm">
        <Paper withBorder radius="md" p="sm">
          <DocumentTotalsView totals={document} currency={document.currency} />
        </Paper>
        {issued && (
          <Paper withBorder radius="md" p="sm">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('BILLING.DOCUMENTS.TOTALS.SETTLED')}
                </Text>
                <Text size="sm" fw={600} data-total="settled">
                  {money(document.settled, document.currency)}
                </Text>
              </Group>
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('BILLING.DOCUMENTS.FIELDS.OUTSTANDING')}
                </Text>
                <Text size="sm" fw={600} data-total="outstanding">
                  {money(owed, document.currency)}
                </Text>
              </Group>
            </Stack>
          </Paper>
        )}
      </SimpleGrid>

      {document.qrCode && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('BILLING.DOCUMENTS.FIELDS.QR_CODE')}
            </Text>
            <CopyButton value={document.qrCode}>
              {({ copied, copy }) => (
                <Button size="compact-xs" variant="default" onClick={copy}>
                  {copied ? t('BILLING.COPIED') : t('BILLING.COPY')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {document.qrCode}
          </Code>
        </Stack>
      )}
      {document.notes && <Fact label={t('BILLING.DOCUMENTS.EDITOR.NOTES')}>{document.notes}</Fact>}

      {issued && (
        <>
          <PaymentDialog
            key={`pay-${document.id}-${payOpen}`}
            document={document}
            opened={payOpen}
            onClose={pay.close}
          />
          <SendDialog
            key={`send-${document.id}-${sendOpen}`}
            document={document}
            opened={sendOpen}
            onClose={send.close}
          />
          <CancelDialog
            key={`cancel-${document.id}-${cancelOpen}`}
            document={document}
            opened={cancelOpen}
            onClose={cancel.close}
          />
          <CreditNoteDialog
            key={`credit-${document.id}-${creditOpen}`}
            document={document}
            opened={creditOpen}
            fullScreen={compact}
            onClose={credit.close}
            onCreated={(note) => {
              credit.close();
              onOpen(note.id);
            }}
          />
          <ConvertDialog
            key={`convert-${document.id}-${convertOpen}`}
            document={document}
            opened={convertOpen}
            onClose={convert.close}
            onConverted={(draft) => {
              convert.close();
              onEdit(draft);
            }}
          />
        </>
      )}
    </Stack>
  );
}
