import { Button, Card, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileImport, IconLink, IconLinkOff, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import { KEYBOARD_SCROLL } from '../components/keyboard-scroll.ts';
import { PosBatchModal } from '../components/pos-batch-modal.tsx';
import { PosImportModal } from '../components/pos-import-modal.tsx';
import { PosMatchModal } from '../components/pos-match-modal.tsx';
import { PosTotals } from '../components/pos-totals.tsx';
import { SettlementBadge } from '../components/settlement-badge.tsx';
import { usePosPage } from '../hooks/use-pos-page.ts';

/** Treasury › Point of sale: terminals, their sales batches and fees, and the settlements that reach the bank. */
export function PosRoute() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const page = usePosPage();
  const { can, batches } = page;
  const items = batches.data?.items ?? [];

  return (
    <>
      <PageHeader
        eyebrow={t('MENU.TREASURY.TITLE')}
        title={t('MENU.TREASURY.POS')}
        description={t('MODULES.TREASURY.POS')}
      />
      <Group justify="flex-end" mb="md" gap="sm">
        {can.createPos && page.terminals.length > 0 && (
          <>
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => page.setImporting(true)}
            >
              {t('TREASURY.POS.IMPORT')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => page.setAdding(true)}>
              {t('TREASURY.POS.ADD_BATCH')}
            </Button>
          </>
        )}
      </Group>
      <Stack gap="lg">
        {page.terminals.length > 0 && (
          <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="pos-terminals">
            <Title order={2} fz="lg" id="pos-terminals" mb="sm">
              {t('TREASURY.POS.TERMINALS')}
            </Title>
            <Group gap="lg" wrap="wrap">
              {page.terminals.map((terminal) => (
                <Stack key={terminal.id} gap={0}>
                  <Text fw={600}>{terminal.name}</Text>
                  {terminal.balance !== null && (
                    <Text size="sm" c="dimmed">
                      {money(terminal.balance, terminal.currency)}
                    </Text>
                  )}
                </Stack>
              ))}
            </Group>
          </Card>
        )}
        {batches.isError ? (
          <ErrorAlert error={batches.error} />
        ) : batches.isPending ? (
          <SectionLoader label={t('COMMON.LOADING')} />
        ) : items.length === 0 ? (
          <Paper withBorder radius="lg" p="xl" ta="center">
            <Text c="dimmed">{t('TREASURY.POS.EMPTY')}</Text>
          </Paper>
        ) : (
          <>
            <PosTotals totals={batches.data.totals} />
            <Card withBorder radius="lg" padding="lg">
              <Table.ScrollContainer minWidth={820} scrollAreaProps={KEYBOARD_SCROLL}>
                <Table aria-label={t('TREASURY.POS.BATCHES')} verticalSpacing="sm" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('TREASURY.POS.BATCH_DATE')}</Table.Th>
                      <Table.Th>{t('TREASURY.POS.TERMINAL')}</Table.Th>
                      <Table.Th>{t('TREASURY.POS.REFERENCE')}</Table.Th>
                      <Table.Th ta="right">{t('TREASURY.POS.SALES_COUNT')}</Table.Th>
                      <Table.Th ta="right">{t('TREASURY.POS.GROSS')}</Table.Th>
                      <Table.Th ta="right">{t('TREASURY.POS.FEES')}</Table.Th>
                      <Table.Th ta="right">{t('TREASURY.POS.NET')}</Table.Th>
                      <Table.Th>{t('TREASURY.POS.SETTLEMENT')}</Table.Th>
                      <Table.Th>{t('TREASURY.WALLETS.ACTIONS')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {items.map((batch) => (
                      <Table.Tr key={batch.id}>
                        <Table.Td>{date(batch.batchDate)}</Table.Td>
                        <Table.Td>{page.terminalName(batch.accountId)}</Table.Td>
                        <Table.Td>{batch.reference}</Table.Td>
                        <Table.Td ta="right">{batch.salesCount}</Table.Td>
                        <Table.Td ta="right">{money(batch.gross, batch.currency)}</Table.Td>
                        <Table.Td ta="right">{money(batch.fees, batch.currency)}</Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {money(batch.net, batch.currency)}
                        </Table.Td>
                        <Table.Td>
                          <SettlementBadge batch={batch} />
                        </Table.Td>
                        <Table.Td>
                          {can.editPos &&
                            (batch.settlementTransactionId ? (
                              <Button
                                size="compact-sm"
                                variant="default"
                                leftSection={<IconLinkOff size={14} aria-hidden />}
                                onClick={() => void page.onUnmatch(batch)}
                                aria-label={t('TREASURY.POS.UNMATCH_FOR', { reference: batch.reference })}
                              >
                                {t('TREASURY.POS.UNMATCH')}
                              </Button>
                            ) : (
                              <Button
                                size="compact-sm"
                                variant="default"
                                leftSection={<IconLink size={14} aria-hidden />}
                                onClick={() => page.setMatching(batch)}
                                aria-label={t('TREASURY.POS.MATCH_FOR', { reference: batch.reference })}
                              >
                                {t('TREASURY.POS.MATCH')}
                              </Button>
                            ))}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          </>
        )}
      </Stack>
      <PosBatchModal opened={page.adding} onClose={() => page.setAdding(false)} terminals={page.terminals} />
      <PosImportModal
        opened={page.importing}
        onClose={() => page.setImporting(false)}
        terminals={page.terminals}
      />
      <PosMatchModal batch={page.matching} onClose={() => page.setMatching(null)} />
    </>
  );
}
