import {
  type BillingDocument,
  PAYMENT_METHODS,
  type PaymentMethod,
  SALES_DOCUMENT_TYPES,
  WORKING_DOCUMENT_TYPES,
} from '@fluxo/domain/billing/contracts';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import {
  useCreateDocument,
  useDeleteDraft,
  useIssueDocument,
  useUpdateDraft,
} from '../api/documents-mutations.ts';
import { useProducts, useSeries } from '../api/documents-queries.ts';
import type { BillingPermissions } from '../hooks/use-billing-permissions.ts';
import { useBillingOrganization } from '../hooks/use-billing-permissions.ts';
import {
  type Draft,
  type DraftLine,
  draftOf,
  emptyDraft,
  emptyLine,
  priceDraft,
  TAX_REGIONS,
} from '../lib/draft.ts';
import { CustomerSelect } from './customer-select.tsx';
import { DraftLineFields } from './draft-line-fields.tsx';
import { DocumentTotalsView } from './draft-totals.tsx';

const EDITABLE_TYPES: readonly string[] = [...SALES_DOCUMENT_TYPES, ...WORKING_DOCUMENT_TYPES];

/** Today in the organization's time zone (documents are dated in Lisbon or Luanda time). */
export function todayIn(country: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: country === 'AO' ? 'Africa/Luanda' : 'Europe/Lisbon',
  }).format(new Date());
}

/**
 * A new document or a saved draft: customer, series, dates and lines, with totals computed as the
 * server will compute them. Saves the draft, issues it, or deletes it.
 */
export function DocumentEditor({
  draft: saved,
  permissions,
  compact,
  onDone,
}: {
  /** The saved draft being edited, or null for a new document. */
  draft: BillingDocument | null;
  permissions: BillingPermissions;
  compact: boolean;
  /** After saving or issuing (the document), or deleting or giving up (null). */
  onDone: (document: BillingDocument | null) => void;
}) {
  const { t } = useTranslation();
  const organization = useBillingOrganization();
  const series = useSeries();
  const products = useProducts();
  const create = useCreateDocument();
  const update = useUpdateDraft();
  const issue = useIssueDocument();
  const remove = useDeleteDraft();
  const [draft, setDraft] = useState<Draft>(() =>
    saved ? draftOf(saved) : emptyDraft(todayIn(organization.country), organization.region),
  );
  const [submitted, setSubmitted] = useState(false);
  // A line says what does not read once it has been worked on (or on submit), not while still blank.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<'save' | 'issue' | 'delete' | null>(null);

  const priced = priceDraft(draft);
  const usableSeries = (series.data ?? []).filter(
    (item) => !item.closed && EDITABLE_TYPES.includes(item.documentType),
  );
  const regions = organization.region === 'AO' ? (['AO'] as const) : TAX_REGIONS.filter((r) => r !== 'AO');
  const change = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const changeLine = (key: string, next: Partial<DraftLine>) => {
    setTouched((current) => (current.has(key) ? current : new Set(current).add(key)));
    setDraft((current) => ({
      ...current,
      lines: current.lines.map((line) => (line.key === key ? { ...line, ...next } : line)),
    }));
  };

  const documentType = saved
    ? saved.documentType
    : usableSeries.find((item) => item.id === draft.seriesId)?.documentType;
  // Invoice-receipts are paid when issued; a simplified invoice may be, or be paid later.
  const paidAtIssue = documentType === 'FR' || documentType === 'FS';
  const missingSeries = !saved && !draft.seriesId;
  const missingParty = !draft.partyId;
  const readable =
    !missingSeries && !missingParty && priced.totals !== null && priced.withholdingBasisPoints !== null;

  const fields = () => ({
    partyId: draft.partyId as string,
    documentDate: draft.documentDate,
    dueDate: draft.dueDate || null,
    taxRegion: draft.taxRegion,
    lines: priced.lines,
    withholdingBasisPoints: priced.withholdingBasisPoints ?? 0,
    notes: draft.notes.trim() || null,
    ...(paidAtIssue
      ? { paymentMethod: draft.paymentMethod ? (draft.paymentMethod as PaymentMethod) : null }
      : {}),
  });

  const submit = async (andIssue: boolean) => {
    setSubmitted(true);
    setError(null);
    if (!readable) return;
    setBusy(andIssue ? 'issue' : 'save');
    try {
      let document: BillingDocument;
      if (saved) {
        document = await update.mutateAsync({ id: saved.id, body: fields() });
        if (andIssue) document = await issue.mutateAsync(saved.id);
      } else {
        document = await create.mutateAsync({
          seriesId: draft.seriesId as string,
          issue: andIssue,
          ...fields(),
        });
      }
      onDone(document);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  const discard = async () => {
    if (!saved) return onDone(null);
    setBusy('delete');
    try {
      await remove.mutateAsync(saved.id);
      onDone(null);
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={compact ? 1 : { base: 1, sm: 2 }} spacing="sm">
        {saved ? (
          <TextInput
            label={t('BILLING.DOCUMENTS.FIELDS.SERIES')}
            readOnly
            value={usableSeries.find((item) => item.id === saved.seriesId)?.code ?? saved.documentType}
          />
        ) : (
          <Select
            label={t('BILLING.DOCUMENTS.FIELDS.SERIES')}
            placeholder={t('BILLING.DOCUMENTS.EDITOR.SERIES_PLACEHOLDER')}
            required
            data={usableSeries.map((item) => ({
              value: item.id,
              label: `${t(`BILLING.DOCUMENTS.TYPES.${item.documentType}`)} · ${item.code}`,
            }))}
            value={draft.seriesId}
            error={submitted && missingSeries ? t('REQUIRED_FIELD') : undefined}
            onChange={(seriesId) => change({ seriesId })}
          />
        )}
        <CustomerSelect
          label={t('BILLING.DOCUMENTS.FIELDS.CUSTOMER')}
          placeholder={t('BILLING.DOCUMENTS.EDITOR.CUSTOMER_PLACEHOLDER')}
          required
          value={draft.partyId}
          error={submitted && missingParty ? t('REQUIRED_FIELD') : undefined}
          onChange={(partyId) => change({ partyId })}
        />
      </SimpleGrid>
      {!saved && series.data && usableSeries.length === 0 && (
        <Alert color="yellow" variant="light">
          {t('BILLING.DOCUMENTS.EDITOR.NO_SERIES')}
        </Alert>
      )}
      <SimpleGrid cols={compact ? 2 : { base: 2, sm: 3 }} spacing="sm">
        <TextInput
          type="date"
          label={t('BILLING.DOCUMENTS.FIELDS.DATE')}
          required
          value={draft.documentDate}
          onChange={(event) => change({ documentDate: event.currentTarget.value })}
        />
        <TextInput
          type="date"
          label={t('BILLING.DOCUMENTS.FIELDS.DUE_DATE')}
          value={draft.dueDate ?? ''}
          onChange={(event) => change({ dueDate: event.currentTarget.value || null })}
        />
        <Select
          label={t('BILLING.DOCUMENTS.FIELDS.TAX_REGION')}
          allowDeselect={false}
          data={regions.map((region) => ({ value: region, label: t(`BILLING.DOCUMENTS.REGIONS.${region}`) }))}
          value={draft.taxRegion}
          onChange={(region) => region && change({ taxRegion: region as Draft['taxRegion'] })}
        />
      </SimpleGrid>
      {draft.lines.map((line, index) => (
        <DraftLineFields
          key={line.key}
          index={index}
          line={line}
          problems={submitted || touched.has(line.key) ? (priced.problems[index] ?? []) : []}
          net={priced.nets[index] ?? null}
          currency={organization.currency}
          region={organization.region}
          products={products.data ?? []}
          compact={compact}
          onChange={(next) => changeLine(line.key, next)}
          onRemove={
            draft.lines.length > 1
              ? () => change({ lines: draft.lines.filter((candidate) => candidate.key !== line.key) })
              : null
          }
        />
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => change({ lines: [...draft.lines, emptyLine()] })}
          disabled={draft.lines.length >= 500}
        >
          {t('BILLING.DOCUMENTS.EDITOR.ADD_LINE')}
        </Button>
      </Group>
      <SimpleGrid cols={compact ? 1 : { base: 1, sm: 2 }} spacing="sm">
        <Stack gap="sm">
          <TextInput
            label={t('BILLING.DOCUMENTS.EDITOR.WITHHOLDING_RATE')}
            description={t('BILLING.DOCUMENTS.EDITOR.WITHHOLDING_HINT')}
            inputMode="decimal"
            autoComplete="off"
            value={draft.withholding}
            error={
              priced.withholdingBasisPoints === null
                ? t('BILLING.DOCUMENTS.EDITOR.PERCENT_INVALID')
                : undefined
            }
            onChange={(event) => change({ withholding: event.currentTarget.value })}
          />
          {paidAtIssue && (
            <Select
              label={t('BILLING.DOCUMENTS.EDITOR.PAID_BY')}
              description={t(`BILLING.DOCUMENTS.EDITOR.PAID_BY_HINT_${documentType}`)}
              allowDeselect={false}
              data={[
                ...PAYMENT_METHODS.map((code) => ({
                  value: code,
                  label: t(`BILLING.DOCUMENTS.PAYMENT_METHODS.${code}`),
                })),
                ...(documentType === 'FS'
                  ? [{ value: '', label: t('BILLING.DOCUMENTS.EDITOR.PAID_LATER') }]
                  : []),
              ]}
              value={documentType === 'FR' && !draft.paymentMethod ? 'NU' : draft.paymentMethod}
              onChange={(paymentMethod) => change({ paymentMethod: paymentMethod ?? '' })}
            />
          )}
          <Textarea
            label={t('BILLING.DOCUMENTS.EDITOR.NOTES')}
            autosize
            minRows={2}
            maxLength={1000}
            value={draft.notes}
            onChange={(event) => change({ notes: event.currentTarget.value })}
          />
        </Stack>
        <Paper withBorder radius="md" p="sm">
          {priced.totals ? (
            <DocumentTotalsView totals={priced.totals} currency={organization.currency} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('BILLING.DOCUMENTS.EDITOR.TOTALS_PENDING')}
            </Text>
          )}
        </Paper>
      </SimpleGrid>
      <ErrorAlert error={error} />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          {saved && permissions.remove && (
            <Button
              color="red"
              variant="subtle"
              onClick={discard}
              loading={busy === 'delete'}
              disabled={!!busy}
            >
              {t('BILLING.DOCUMENTS.ACTIONS.DELETE_DRAFT')}
            </Button>
          )}
          {!saved && (
            <Button variant="default" onClick={() => onDone(null)} disabled={!!busy}>
              {t('BILLING.DOCUMENTS.ACTIONS.DISCARD')}
            </Button>
          )}
        </Group>
        <Group gap="xs">
          {(saved ? permissions.edit : permissions.create) && (
            <Button
              variant="default"
              onClick={() => submit(false)}
              loading={busy === 'save'}
              disabled={!!busy}
            >
              {t('BILLING.DOCUMENTS.ACTIONS.SAVE_DRAFT')}
            </Button>
          )}
          {permissions.create && (
            <Button onClick={() => submit(true)} loading={busy === 'issue'} disabled={!!busy}>
              {t('BILLING.DOCUMENTS.ACTIONS.ISSUE')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
