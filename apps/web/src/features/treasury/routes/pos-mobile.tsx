import { Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PosBatchCard } from '../components/mobile/pos-batch-card.tsx';
import { PosBatchModal } from '../components/pos-batch-modal.tsx';
import { PosImportModal } from '../components/pos-import-modal.tsx';
import { PosMatchModal } from '../components/pos-match-modal.tsx';
import { PosTotals } from '../components/pos-totals.tsx';
import { usePosPage } from '../hooks/use-pos-page.ts';

/** Treasury › Point of sale on a phone: batches as cards, dialogs as full-screen sheets. */
export function MobilePosRoute() {
  const { t } = useTranslation();
  const page = usePosPage();
  const { can, batches } = page;
  const items = batches.data?.items ?? [];
  return (
    <Stack gap="md">
      <Title order={1} fz={24}>
        {t('MENU.TREASURY.POS')}
      </Title>
      {can.createPos && page.terminals.length > 0 && (
        <SimpleGrid cols={2} spacing="xs">
          <Button
            size="md"
            variant="default"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => page.setImporting(true)}
          >
            {t('TREASURY.POS.IMPORT')}
          </Button>
          <Button
            size="md"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => page.setAdding(true)}
          >
            {t('TREASURY.POS.ADD_BATCH')}
          </Button>
        </SimpleGrid>
      )}
      {batches.isError ? (
        <ErrorAlert error={batches.error} />
      ) : batches.isPending ? (
        <SectionLoader label={t('COMMON.LOADING')} />
      ) : items.length === 0 ? (
        <Paper withBorder radius="lg" p="lg" ta="center">
          <Text c="dimmed">{t('TREASURY.POS.EMPTY')}</Text>
        </Paper>
      ) : (
        <>
          <PosTotals totals={batches.data.totals} />
          <Stack gap="xs" component="section" aria-label={t('TREASURY.POS.BATCHES')}>
            {items.map((batch) => (
              <PosBatchCard
                key={batch.id}
                batch={batch}
                terminalName={page.terminalName(batch.accountId)}
                canEdit={can.editPos}
                onMatch={page.setMatching}
                onUnmatch={(item) => void page.onUnmatch(item)}
              />
            ))}
          </Stack>
        </>
      )}
      <PosBatchModal
        opened={page.adding}
        onClose={() => page.setAdding(false)}
        terminals={page.terminals}
        fullScreen
      />
      <PosImportModal
        opened={page.importing}
        onClose={() => page.setImporting(false)}
        terminals={page.terminals}
        fullScreen
      />
      <PosMatchModal batch={page.matching} onClose={() => page.setMatching(null)} fullScreen />
    </Stack>
  );
}
