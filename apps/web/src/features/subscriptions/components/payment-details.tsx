import { PaymentStatus, PaymentType } from '@fluxo/domain/code-tables';
import type { Payment } from '@fluxo/domain/payments/contracts';
import {
  Button,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../lib/format/money.ts';

function Field({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {copy ? (
        <CopyButton value={value.replace(/\s/g, '')}>
          {({ copied, copy: doCopy }) => (
            <Tooltip label={copied ? t('BILLING.COPIED') : t('BILLING.COPY')} withArrow>
              <UnstyledButton onClick={doCopy} aria-label={`${label}: ${value}`}>
                <Text ff="monospace" fw={600}>
                  {value}
                </Text>
              </UnstyledButton>
            </Tooltip>
          )}
        </CopyButton>
      ) : (
        <Text ff="monospace" fw={600}>
          {value}
        </Text>
      )}
    </Stack>
  );
}

/** The frame of one method's details: a titled region. */
function DetailsPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" aria-label={title} role="region">
      <Title order={4} fz="sm" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** "123456789" → "123 456 789", as Multibanco references are printed. */
export function groupReference(reference: string): string {
  return reference.replace(/\s/g, '').replace(/(\d{3})(?=\d)/g, '$1 ');
}

/** "PT50000201231234567890154" → "PT50 0002 0123 …". */
export function groupIban(iban: string): string {
  return iban.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Multibanco reference: entity, reference and amount to pay at an ATM or home banking. */
export function MultibancoDetails({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  if (!payment.multibanco) return null;
  return (
    <DetailsPanel title={t('BILLING.MULTIBANCO.TITLE')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Field label={t('BILLING.MULTIBANCO.ENTITY')} value={payment.multibanco.entity} copy />
        <Field
          label={t('BILLING.MULTIBANCO.REFERENCE')}
          value={groupReference(payment.multibanco.reference)}
          copy
        />
        <Field label={t('BILLING.AMOUNT')} value={money(payment.multibanco.amountCents, payment.currency)} />
      </SimpleGrid>
    </DetailsPanel>
  );
}

/** Bank transfer: Fluxo's account and the reference to quote; an administrator confirms it. */
export function TransferDetails({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  if (!payment.transfer) return null;
  return (
    <DetailsPanel title={t('BILLING.TRANSFER.TITLE')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label={t('BILLING.TRANSFER.BENEFICIARY')} value={payment.transfer.beneficiary} />
        <Field label={t('BILLING.TRANSFER.IBAN')} value={groupIban(payment.transfer.iban)} copy />
        <Field label={t('BILLING.TRANSFER.BIC')} value={payment.transfer.bic} />
        <Field label={t('BILLING.TRANSFER.REFERENCE')} value={payment.transfer.reference} copy />
        <Field label={t('BILLING.AMOUNT')} value={money(payment.totalCents, payment.currency)} />
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="sm">
        {t('BILLING.TRANSFER.HELP')}
      </Text>
    </DetailsPanel>
  );
}

/** SEPA direct debit: the mandate signed and the account it collects from. */
export function DirectDebitDetails({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  if (!payment.directDebit) return null;
  return (
    <DetailsPanel title={t('BILLING.DIRECT_DEBIT.TITLE')}>
      <Group gap="xl">
        <Field label={t('BILLING.DIRECT_DEBIT.MANDATE')} value={payment.directDebit.mandateReference} />
        <Field label={t('BILLING.DIRECT_DEBIT.IBAN')} value={payment.directDebit.ibanMasked} />
      </Group>
      <Text size="sm" c="dimmed" mt="sm">
        {t('BILLING.DIRECT_DEBIT.AWAITING')}
      </Text>
    </DetailsPanel>
  );
}

/** Card: Stripe's secure payment page while it is open; once closed, the card is chosen again. */
export function CardDetails({ payment }: { payment: Payment }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  if (payment.status === PaymentStatus.PAID) return null;
  return (
    <DetailsPanel title={t('BILLING.CARD.TITLE')}>
      {payment.card ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {t('BILLING.CARD.OPEN', { amount: money(payment.totalCents, payment.currency) })}
          </Text>
          <Button component="a" href={payment.card.checkoutUrl}>
            {t('BILLING.CARD.GO')}
          </Button>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('BILLING.CARD.CLOSED')}
        </Text>
      )}
    </DetailsPanel>
  );
}

/** The details for the way the payment is being paid. */
export function ChosenPaymentDetails({ payment }: { payment: Payment }) {
  if (payment.type === PaymentType.CREDIT_CARD) return <CardDetails payment={payment} />;
  if (payment.type === PaymentType.MULTIBANCO) return <MultibancoDetails payment={payment} />;
  if (payment.type === PaymentType.TRANSFER) return <TransferDetails payment={payment} />;
  if (payment.type === PaymentType.DIRECT_DEBIT) return <DirectDebitDetails payment={payment} />;
  return null;
}
