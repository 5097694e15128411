import type {
  QueueMovement,
  ReconciliationSuggestion,
} from '@fluxo/domain/accounting/reconciliation-contracts';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../../components/widgets/toasts.ts';
import { useFormatDate, useFormatMoney } from '../../../../lib/format/money.ts';
import {
  useConfirmMatch,
  useReconciliationAccounts,
  useReconciliationQueue,
  useRejectSuggestion,
  useUndoMatch,
} from '../api/reconciliation.ts';
import { useReconciliationPermissions } from '../hooks/use-reconciliation-permissions.ts';
import { MatchModal, type MatchTarget } from './match-modal.tsx';
import { RulesModal } from './rules-modal.tsx';
import { toastApiError } from './toast-api-error.ts';

interface RecentMatch {
  id: string;
  label: string;
}

/**
 * Accounting › Reconciliation: the queue of one bank account's unreconciled movements with the month's
 * progress; each movement with its ranked suggestions and their reasons (one click confirms), a search for
 * any open item, multi-select of movements for a many-to-one match, write-off, undo, and rules. `compact`
 * lays it out in one column for the phone.
 */
export function ReconciliationScreen({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const can = useReconciliationPermissions();
  const accounts = useReconciliationAccounts();
  const [chosen, setChosen] = useState<string | null>(null);
  const accountId =
    chosen ??
    accounts.data?.find((account) => account.unreconciled > 0)?.id ??
    accounts.data?.[0]?.id ??
    null;
  const queue = useReconciliationQueue(accountId);
  const movements = useMemo(() => queue.data?.pages.flatMap((page) => page.items) ?? [], [queue.data]);
  const progress = queue.data?.pages[0]?.progress;
  const [selected, setSelected] = useState<string[]>([]);
  const [matching, setMatching] = useState<{ movements: QueueMovement[]; targets: MatchTarget[] } | null>(
    null,
  );
  const [rules, setRules] = useState<{ open: boolean; iban?: string; partyId?: string }>({ open: false });
  const [recent, setRecent] = useState<RecentMatch[]>([]);
  const confirm = useConfirmMatch();
  const undo = useUndoMatch();

  const remember = (id: string, label: string) => setRecent((list) => [{ id, label }, ...list].slice(0, 10));

  const accept = (movement: QueueMovement, suggestion: ReconciliationSuggestion) => {
    const { candidate } = suggestion;
    if (candidate.open !== movement.open && suggestion.reasons.some((r) => r.code === 'near_amount')) {
      // A near amount: the difference is a fee to write off, chosen in the match dialog.
      setMatching({
        movements: [movement],
        targets: [{ candidate, amount: candidate.open }],
      });
      return;
    }
    confirm.mutate(
      {
        transactionIds: [movement.id],
        targets: [
          { kind: candidate.kind, id: candidate.id, amount: Math.min(candidate.open, movement.open) },
        ],
        score: suggestion.score,
        reasons: suggestion.reasons,
        ...(suggestion.ruleId ? { ruleId: suggestion.ruleId } : {}),
      },
      {
        onSuccess: (match) => {
          remember(match.id, `${movement.description} ↔ ${candidate.number}`);
          showSuccess({ message: t('ACCOUNTING.RECONCILIATION.CONFIRMED') });
        },
        onError: toastApiError,
      },
    );
  };

  const selectedMovements = movements.filter((movement) => selected.includes(movement.id));
  const percent = progress && progress.movements > 0 ? (100 * progress.reconciled) / progress.movements : 0;

  return (
    <Stack gap={compact ? 'md' : 'lg'}>
      <Stack gap={4}>
        <Title order={1} fz={compact ? 24 : undefined}>
          {t('MENU.ACCOUNTING.RECONCILIATION')}
        </Title>
        <Text c="dimmed" size={compact ? 'sm' : undefined}>
          {t('ACCOUNTING.RECONCILIATION.INTRO')}
        </Text>
      </Stack>
      <Group align="end" wrap={compact ? 'wrap' : 'nowrap'} gap="sm">
        <Select
          label={t('ACCOUNTING.RECONCILIATION.ACCOUNT')}
          data={(accounts.data ?? []).map((account) => ({
            value: account.id,
            label: `${account.name} (${account.unreconciled})`,
          }))}
          value={accountId}
          onChange={(value) => {
            setChosen(value);
            setSelected([]);
          }}
          allowDeselect={false}
          w={compact ? '100%' : 360}
        />
        <Button variant="default" onClick={() => setRules({ open: true })}>
          {t('ACCOUNTING.RECONCILIATION.RULES')}
        </Button>
        {selected.length > 1 && can.confirm && (
          <Button onClick={() => setMatching({ movements: selectedMovements, targets: [] })}>
            {t('ACCOUNTING.RECONCILIATION.MATCH_SELECTED', { count: selected.length })}
          </Button>
        )}
      </Group>
      {accounts.data && accounts.data.length === 0 && (
        <Text c="dimmed">{t('ACCOUNTING.RECONCILIATION.NO_ACCOUNTS')}</Text>
      )}
      {progress && (
        <Stack gap={4}>
          <Text size="sm">
            {t('ACCOUNTING.RECONCILIATION.PROGRESS', {
              reconciled: progress.reconciled,
              total: progress.movements,
              month: progress.month,
            })}
          </Text>
          <Progress value={percent} aria-label={t('ACCOUNTING.RECONCILIATION.PROGRESS_LABEL')} />
        </Stack>
      )}
      {recent.length > 0 && (
        <Card withBorder padding="sm">
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('ACCOUNTING.RECONCILIATION.RECENT')}
            </Text>
            {recent.map((match) => (
              <Group key={match.id} justify="space-between" wrap="nowrap">
                <Text size="sm" lineClamp={1}>
                  {match.label}
                </Text>
                {can.undo && (
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={undo.isPending && undo.variables === match.id}
                    onClick={() =>
                      undo.mutate(match.id, {
                        onSuccess: () => {
                          setRecent((list) => list.filter((one) => one.id !== match.id));
                          showSuccess({ message: t('ACCOUNTING.RECONCILIATION.UNDONE') });
                        },
                        onError: toastApiError,
                      })
                    }
                  >
                    {t('ACCOUNTING.RECONCILIATION.UNDO')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      {queue.isLoading && <Loader />}
      {queue.data && movements.length === 0 && <Text c="dimmed">{t('ACCOUNTING.RECONCILIATION.EMPTY')}</Text>}
      <Stack gap="sm" aria-label={t('ACCOUNTING.RECONCILIATION.QUEUE')} role="list">
        {movements.map((movement) => (
          <MovementCard
            key={movement.id}
            movement={movement}
            compact={compact}
            selected={selected.includes(movement.id)}
            onSelect={(on) =>
              setSelected((list) => (on ? [...list, movement.id] : list.filter((id) => id !== movement.id)))
            }
            onAccept={(suggestion) => accept(movement, suggestion)}
            onByHand={() => setMatching({ movements: [movement], targets: [] })}
            onRule={(partyId) =>
              setRules({
                open: true,
                ...(movement.counterpartyIban ? { iban: movement.counterpartyIban } : {}),
                partyId,
              })
            }
            busy={confirm.isPending}
            canConfirm={can.confirm}
          />
        ))}
      </Stack>
      {queue.hasNextPage && (
        <Button variant="default" onClick={() => queue.fetchNextPage()} loading={queue.isFetchingNextPage}>
          {t('ACCOUNTING.RECONCILIATION.LOAD_MORE')}
        </Button>
      )}
      {matching && (
        <MatchModal
          movements={matching.movements}
          initialTargets={matching.targets}
          onClose={() => setMatching(null)}
          onMatched={(id, label) => {
            remember(id, label);
            setSelected([]);
            setMatching(null);
          }}
        />
      )}
      {rules.open && (
        <RulesModal
          initialIban={rules.iban ?? ''}
          initialPartyId={rules.partyId ?? null}
          onClose={() => setRules({ open: false })}
        />
      )}
    </Stack>
  );
}

function MovementCard({
  movement,
  compact,
  selected,
  onSelect,
  onAccept,
  onByHand,
  onRule,
  busy,
  canConfirm,
}: {
  movement: QueueMovement;
  compact: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onAccept: (suggestion: ReconciliationSuggestion) => void;
  onByHand: () => void;
  onRule: (partyId: string) => void;
  busy: boolean;
  canConfirm: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const date = useFormatDate();
  const reject = useRejectSuggestion();
  const best = movement.suggestions[0];
  return (
    <Card withBorder padding={compact ? 'sm' : 'md'} role="listitem" aria-label={movement.description}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="start">
          <Group gap="sm" wrap="nowrap" align="start">
            {canConfirm && (
              <Checkbox
                checked={selected}
                onChange={(event) => onSelect(event.currentTarget.checked)}
                aria-label={t('ACCOUNTING.RECONCILIATION.SELECT', { description: movement.description })}
              />
            )}
            <Stack gap={0}>
              <Text fw={600} lineClamp={2}>
                {movement.description}
              </Text>
              <Text size="xs" c="dimmed">
                {date(movement.bookingDate)}
                {movement.counterpartyName ? ` · ${movement.counterpartyName}` : ''}
              </Text>
              {movement.remittanceInfo && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {movement.remittanceInfo}
                </Text>
              )}
            </Stack>
          </Group>
          <Stack gap={0} align="end">
            <Text fw={700} c={movement.amount > 0 ? 'teal' : 'red'}>
              {money(movement.amount, movement.currency)}
            </Text>
            {movement.open !== Math.abs(movement.amount) && (
              <Text size="xs" c="dimmed">
                {t('ACCOUNTING.RECONCILIATION.OPEN', { amount: money(movement.open, movement.currency) })}
              </Text>
            )}
          </Stack>
        </Group>
        {movement.suggestions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('ACCOUNTING.RECONCILIATION.NO_SUGGESTIONS')}
          </Text>
        )}
        {movement.suggestions.map((suggestion, index) => (
          <Card
            key={`${suggestion.candidate.kind}:${suggestion.candidate.id}`}
            withBorder
            padding="xs"
            bg={index === 0 ? 'var(--mantine-color-teal-light)' : undefined}
            aria-label={t('ACCOUNTING.RECONCILIATION.SUGGESTION', { number: suggestion.candidate.number })}
          >
            <Stack gap={4}>
              <Group justify="space-between" wrap={compact ? 'wrap' : 'nowrap'} gap="xs">
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {t(`ACCOUNTING.RECONCILIATION.KIND.${suggestion.candidate.kind.toUpperCase()}`)}{' '}
                    {suggestion.candidate.number}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {suggestion.candidate.partyName ?? '—'} ·{' '}
                    {date(suggestion.candidate.dueDate ?? suggestion.candidate.date)}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{money(suggestion.candidate.open, suggestion.candidate.currency)}</Text>
                  <Badge variant="light" title={t('ACCOUNTING.RECONCILIATION.SCORE')}>
                    {suggestion.score}
                  </Badge>
                </Group>
              </Group>
              <Group gap={4}>
                {suggestion.reasons.map((reason) => (
                  <Badge key={reason.code} size="xs" variant="outline" color="gray">
                    {t(`ACCOUNTING.RECONCILIATION.REASON.${reason.code.toUpperCase()}`)}
                  </Badge>
                ))}
              </Group>
              {canConfirm && (
                <Group gap="xs">
                  <Button size="xs" onClick={() => onAccept(suggestion)} loading={busy}>
                    {t('ACCOUNTING.RECONCILIATION.CONFIRM')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    loading={reject.isPending}
                    onClick={() =>
                      reject.mutate(
                        {
                          transactionId: movement.id,
                          kind: suggestion.candidate.kind,
                          id: suggestion.candidate.id,
                        },
                        { onError: toastApiError },
                      )
                    }
                  >
                    {t('ACCOUNTING.RECONCILIATION.REJECT')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Card>
        ))}
        {canConfirm && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onByHand}>
              {t('ACCOUNTING.RECONCILIATION.BY_HAND')}
            </Button>
            {best?.candidate.partyId && (movement.counterpartyIban || movement.counterpartyName) && (
              <Button size="xs" variant="subtle" onClick={() => onRule(best.candidate.partyId as string)}>
                {t('ACCOUNTING.RECONCILIATION.ALWAYS', { party: best.candidate.partyName ?? '' })}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
