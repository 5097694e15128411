import type {
  QueueMovement,
  ReconciliationCandidate,
} from '@fluxo/domain/accounting/reconciliation-contracts';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { useCandidates, useConfirmMatch, useWriteOffAccounts } from '../api/reconciliation.ts';
import { toastApiError } from './toast-api-error.ts';

export interface MatchTarget {
  candidate: ReconciliationCandidate;
  /** Minor units settled. */
  amount: number;
}

/** Minor digits of a currency (2 for EUR and AOA). */
function digitsOf(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

/**
 * The write-off account proposed first: bank charges of the full SNC (6988) or PGC (767), else the short
 * charts' other expenses (68 SNC, 78 PGC).
 */
const FEE_ACCOUNTS = ['6988', '767', '68', '78'];

/**
 * Matching by hand: search any open document, supplier invoice, receipt or journal line; tick one or
 * several (one movement → several documents), or match several selected movements with one; say how much
 * each settles; write the difference off to an account of the chart.
 */
export function MatchModal({
  movements,
  initialTargets,
  onClose,
  onMatched,
}: {
  movements: QueueMovement[];
  initialTargets: MatchTarget[];
  onClose: () => void;
  onMatched: (id: string, label: string) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const first = movements[0] as QueueMovement;
  const currency = first.currency;
  const scale = 10 ** digitsOf(currency);
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const candidates = useCandidates(first.id, debounced);
  const [targets, setTargets] = useState<MatchTarget[]>(initialTargets);
  const available = movements.reduce((sum, movement) => sum + movement.open, 0);
  const settled = targets.reduce((sum, target) => sum + target.amount, 0);
  const difference = available - settled;
  const [writeOff, setWriteOff] = useState(initialTargets.length > 0 && difference !== 0);
  const accounts = useWriteOffAccounts(writeOff || difference < 0);
  const [accountId, setAccountId] = useState<string | null>(null);
  const feeAccount =
    accountId ??
    FEE_ACCOUNTS.map((code) => accounts.data?.find((account) => account.code === code)).find(Boolean)?.id ??
    null;
  const confirm = useConfirmMatch();

  const toggle = (candidate: ReconciliationCandidate, on: boolean) =>
    setTargets((list) =>
      on
        ? [
            ...list,
            {
              candidate,
              amount: Math.max(1, Math.min(candidate.open, available - settled) || candidate.open),
            },
          ]
        : list.filter((target) => target.candidate.id !== candidate.id),
    );
  const listed = [
    ...targets.map((target) => target.candidate),
    ...(candidates.data ?? []).filter(
      (candidate) => !targets.some((target) => target.candidate.id === candidate.id),
    ),
  ];
  const mustWriteOff = difference < 0;
  const useWriteOff = (writeOff || mustWriteOff) && difference !== 0;
  const valid =
    targets.length > 0 &&
    targets.every((target) => target.amount > 0 && target.amount <= target.candidate.open) &&
    (!useWriteOff || feeAccount !== null);

  const submit = () =>
    confirm.mutate(
      {
        transactionIds: movements.map((movement) => movement.id),
        targets: targets.map((target) => ({
          kind: target.candidate.kind,
          id: target.candidate.id,
          amount: target.amount,
        })),
        ...(useWriteOff && feeAccount ? { writeOff: { accountId: feeAccount, amount: difference } } : {}),
      },
      {
        onSuccess: (match) => {
          showSuccess({ message: t('ACCOUNTING.RECONCILIATION.CONFIRMED') });
          onMatched(
            match.id,
            `${movements.map((movement) => movement.description).join(', ')} ↔ ${targets
              .map((target) => target.candidate.number)
              .join(', ')}`,
          );
        },
        onError: toastApiError,
      },
    );

  return (
    <Modal opened onClose={onClose} title={t('ACCOUNTING.RECONCILIATION.BY_HAND')} size="lg">
      <Stack gap="sm">
        <Text size="sm">
          {t('ACCOUNTING.RECONCILIATION.MOVEMENTS_TOTAL', {
            count: movements.length,
            amount: money(available, currency),
          })}
        </Text>
        <TextInput
          label={t('ACCOUNTING.RECONCILIATION.SEARCH')}
          placeholder={t('ACCOUNTING.RECONCILIATION.SEARCH_PLACEHOLDER')}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
        />
        <ScrollArea.Autosize mah={320}>
          <Stack gap={6}>
            {listed.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('ACCOUNTING.RECONCILIATION.NOTHING_FOUND')}
              </Text>
            )}
            {listed.map((candidate) => {
              const target = targets.find((one) => one.candidate.id === candidate.id);
              return (
                <Group
                  key={`${candidate.kind}:${candidate.id}`}
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                >
                  <Checkbox
                    checked={!!target}
                    onChange={(event) => toggle(candidate, event.currentTarget.checked)}
                    label={`${t(`ACCOUNTING.RECONCILIATION.KIND.${candidate.kind.toUpperCase()}`)} ${candidate.number} · ${
                      candidate.partyName ?? '—'
                    } · ${money(candidate.open, candidate.currency)}`}
                  />
                  {target && (candidate.kind === 'document' || candidate.kind === 'purchase') && (
                    <NumberInput
                      aria-label={t('ACCOUNTING.RECONCILIATION.AMOUNT_OF', { number: candidate.number })}
                      w={130}
                      size="xs"
                      min={0}
                      decimalScale={Math.log10(scale)}
                      value={target.amount / scale}
                      onChange={(value) =>
                        setTargets((list) =>
                          list.map((one) =>
                            one.candidate.id === candidate.id
                              ? { ...one, amount: Math.round(Number(value || 0) * scale) }
                              : one,
                          ),
                        )
                      }
                    />
                  )}
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Text size="sm" fw={600}>
          {t('ACCOUNTING.RECONCILIATION.DIFFERENCE', { amount: money(difference, currency) })}
        </Text>
        {difference !== 0 && targets.length > 0 && (
          <Stack gap={4}>
            <Checkbox
              checked={useWriteOff}
              disabled={mustWriteOff}
              onChange={(event) => setWriteOff(event.currentTarget.checked)}
              label={t('ACCOUNTING.RECONCILIATION.WRITE_OFF')}
            />
            {!useWriteOff && (
              <Text size="xs" c="dimmed">
                {t('ACCOUNTING.RECONCILIATION.PARTIAL')}
              </Text>
            )}
            {useWriteOff && (
              <Select
                label={t('ACCOUNTING.RECONCILIATION.WRITE_OFF_ACCOUNT')}
                searchable
                data={(accounts.data ?? []).map((account) => ({
                  value: account.id,
                  label: `${account.code} ${account.name}`,
                }))}
                value={feeAccount}
                onChange={setAccountId}
              />
            )}
          </Stack>
        )}
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            {t('ACCOUNTING.RECONCILIATION.CANCEL')}
          </Button>
          <Button onClick={submit} disabled={!valid} loading={confirm.isPending}>
            {t('ACCOUNTING.RECONCILIATION.CONFIRM')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
