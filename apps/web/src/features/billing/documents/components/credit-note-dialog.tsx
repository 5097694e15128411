import type { BillingDocument } from '@fluxo/domain/billing/contracts';
import { computeDocumentTotals } from '@fluxo/domain/billing/index';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { useFormatMoney } from '../../../../lib/format/money.ts';
import { formatMoneyInput, parseMoneyInput } from '../../../../lib/format/money-input.ts';
import { useCreateCreditNote, useIssueDocument } from '../api/documents-mutations.ts';
import { useBillingOrganization } from '../hooks/use-billing-permissions.ts';
import { QUANTITY_DIGITS, trimZeros } from '../lib/draft.ts';
import { todayIn } from './document-editor.tsx';
import { SeriesPicker } from './series-picker.tsx';

interface Choice {
  position: number;
  chosen: boolean;
  quantity: string;
}

/**
 * A credit note of an issued invoice: every line, or some lines and quantities, with the reason the
 * law asks for. Saved as a draft, or issued at once.
 */
export function CreditNoteDialog({
  document,
  opened,
  onClose,
  onCreated,
  fullScreen,
}: {
  document: BillingDocument;
  opened: boolean;
  onClose: () => void;
  onCreated: (note: BillingDocument) => void;
  fullScreen?: boolean;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const organization = useBillingOrganization();
  const create = useCreateCreditNote();
  const issue = useIssueDocument();
  const [seriesId, setSeriesId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState<'draft' | 'issue' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [choices, setChoices] = useState<Choice[]>(() =>
    document.lines.map((line) => ({
      position: line.position,
      chosen: true,
      quantity: trimZeros(formatMoneyInput(line.quantity, QUANTITY_DIGITS)),
    })),
  );

  const read = choices.map((choice) => {
    const line = document.lines.find((candidate) => candidate.position === choice.position);
    const quantity = parseMoneyInput(choice.quantity, QUANTITY_DIGITS);
    const valid = !!line && quantity !== null && quantity > 0 && quantity <= line.quantity;
    return { choice, line, quantity, valid };
  });
  const chosen = read.filter((item) => item.choice.chosen);
  const allValid = chosen.length > 0 && chosen.every((item) => item.valid);
  const credit = allValid
    ? computeDocumentTotals(
        chosen.map((item) => ({ ...item.line!, quantity: item.quantity as number })),
        { withholdingBasisPoints: document.withholdingBasisPoints ?? 0 },
      )
    : null;
  const whole =
    chosen.length === document.lines.length && chosen.every((item) => item.quantity === item.line?.quantity);

  const submit = async (andIssue: boolean) => {
    if (!seriesId || !allValid) return;
    setBusy(andIssue ? 'issue' : 'draft');
    setError(null);
    try {
      let note = await create.mutateAsync({
        id: document.id,
        body: {
          seriesId,
          reason: reason.trim(),
          documentDate: todayIn(organization.country),
          ...(whole
            ? {}
            : {
                lines: chosen.map((item) => ({
                  position: item.choice.position,
                  quantity: item.quantity as number,
                })),
              }),
        },
      });
      if (andIssue) note = await issue.mutateAsync(note.id);
      onCreated(note);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  const setChoice = (position: number, change: Partial<Choice>) =>
    setChoices((current) =>
      current.map((choice) => (choice.position === position ? { ...choice, ...change } : choice)),
    );

  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
      opened={opened}
      onClose={onClose}
      fullScreen={fullScreen}
      size="lg"
      title={t('BILLING.DOCUMENTS.CREDIT_NOTE.TITLE', { number: document.documentNumber })}
    >
      <Stack gap="sm">
        <SeriesPicker types={['NC']} value={seriesId} onChange={setSeriesId} />
        <Textarea
          label={t('BILLING.DOCUMENTS.CREDIT_NOTE.REASON')}
          required
          autosize
          minRows={2}
          maxLength={300}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Text size="sm" fw={600}>
          {t('BILLING.DOCUMENTS.CREDIT_NOTE.LINES')}
        </Text>
        {read.map(({ choice, line, valid }) => (
          <Group key={choice.position} wrap="nowrap" align="flex-end" gap="xs">
            <Checkbox
              style={{ flex: 1 }}
              label={line?.description}
              checked={choice.chosen}
              onChange={(event) => setChoice(choice.position, { chosen: event.currentTarget.checked })}
            />
            <TextInput
              w={110}
              label={t('BILLING.DOCUMENTS.CREDIT_NOTE.QUANTITY', { number: choice.position })}
              inputMode="decimal"
              disabled={!choice.chosen}
              value={choice.quantity}
              error={choice.chosen && !valid ? t('BILLING.DOCUMENTS.EDITOR.QUANTITY_INVALID') : undefined}
              onChange={(event) => setChoice(choice.position, { quantity: event.currentTarget.value })}
            />
          </Group>
        ))}
        <Group justify="space-between">
          <Text size="sm">{t('BILLING.DOCUMENTS.CREDIT_NOTE.CREDIT')}</Text>
          <Text size="sm" fw={700} data-total="credit">
            {credit ? money(credit.grossTotal, document.currency) : '—'}
          </Text>
        </Group>
        <ErrorAlert error={error} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('BILLING.DOCUMENTS.ACTIONS.BACK')}
          </Button>
          <Button
            variant="default"
            disabled={!seriesId || !allValid || reason.trim().length < 3 || !!busy}
            loading={busy === 'draft'}
            onClick={() => submit(false)}
          >
            {t('BILLING.DOCUMENTS.ACTIONS.SAVE_DRAFT')}
          </Button>
          <Button
            disabled={!seriesId || !allValid || reason.trim().length < 3 || !!busy}
            loading={busy === 'issue'}
            onClick={() => submit(true)}
          >
            {t('BILLING.DOCUMENTS.CREDIT_NOTE.ISSUE')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
