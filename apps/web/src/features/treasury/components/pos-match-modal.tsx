import type { PosBatch } from '@fluxo/domain/treasury/contracts';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import { useMatchSettlement, useSettlementCandidates } from '../api/pos.ts';

/** "Match settlement": the bank movements that could carry the batch's net, pick one. */
export function PosMatchModal({
  batch,
  onClose,
  fullScreen = false,
}: {
  batch: PosBatch | null;
  onClose: () => void;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const candidates = useSettlementCandidates(batch?.id ?? null);
  const match = useMatchSettlement();
  const [chosen, setChosen] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh choice for each batch
  useEffect(() => {
    setChosen(null);
    match.reset();
  }, [batch?.id]);

  async function submit() {
    if (!batch || !chosen) return;
    try {
      await match.mutateAsync({ batchId: batch.id, transactionId: chosen });
      onClose();
    } catch {
      // shown below
    }
  }

  return (
    <Modal
      opened={batch !== null}
      onClose={onClose}
      title={t('TREASURY.POS.MATCH_TITLE', { reference: batch?.reference ?? '' })}
      centered={!fullScreen}
      fullScreen={fullScreen}
      size="lg"
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      {batch && (
        <Stack gap="md">
          <Text size="sm">
            {t('TREASURY.POS.MATCH_HINT', {
              amount: money(batch.net, batch.currency),
              date: date(batch.batchDate),
            })}
          </Text>
          {candidates.isPending ? (
            <SectionLoader label={t('COMMON.LOADING')} />
          ) : candidates.isError ? (
            <ErrorAlert error={candidates.error} />
          ) : (candidates.data ?? []).length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('TREASURY.POS.NO_CANDIDATES')}
            </Text>
          ) : (
            <Radio.Group value={chosen} onChange={setChosen} label={t('TREASURY.POS.CANDIDATES')}>
              <Stack gap="xs" mt="xs">
                {(candidates.data ?? []).map((movement) => (
                  <Radio
                    key={movement.id}
                    value={movement.id}
                    label={`${date(movement.bookingDate)} · ${money(movement.amount, movement.currency)} · ${movement.description}`}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {match.error && <ErrorAlert error={match.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('TREASURY.ACCOUNT.CANCEL')}
            </Button>
            <Button disabled={!chosen} loading={match.isPending} onClick={() => void submit()}>
              {t('TREASURY.POS.MATCH')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
