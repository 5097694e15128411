import type { Payment } from '@fluxo/domain/payments/contracts';
import type { KnownPlan } from '@fluxo/domain/plans';
import { isLocked } from '@fluxo/domain/subscriptions/checks';
import { Alert, Button, Group, Paper, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFormatMoney } from '../../../lib/format/money.ts';
import { paths } from '../../../lib/paths.ts';
import { useChangePlan } from '../api/change-plan.ts';
import { useChangePlanIntent } from '../api/get-change-plan-intent.ts';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { usePlans } from '../api/get-plans.ts';
import { useSubscription } from '../api/get-subscription.ts';
import { intervalText, planNameText } from '../code-texts.ts';
import { PaymentStep } from '../components/payment-step.tsx';
import { PlanPicker } from '../components/plan-picker.tsx';
import { useTreeHref } from '../hooks/use-tree-href.ts';

/** Pays the payments already asked for (a locked subscription, or ?payment=<id> from the plan page). */
function PendingPayments({ subscriptionId, only }: { subscriptionId: string; only: string | null }) {
  const { t } = useTranslation();
  const pending = usePendingPayments(subscriptionId);
  if (pending.isPending) return <SectionLoader label={t('COMMON.LOADING')} />;
  if (pending.isError) return <ErrorAlert error={pending.error} />;
  const payments = pending.data.filter((payment) => !only || payment.id === only);
  if (payments.length === 0) return <Text c="dimmed">{t('CHECKOUT.NOTHING_TO_PAY')}</Text>;
  return (
    <Stack gap="md">
      {payments.map((payment) => (
        <PaymentStep key={payment.id} subscriptionId={subscriptionId} payment={payment} />
      ))}
    </Stack>
  );
}

/**
 * /checkout: choose a plan and billing interval (the server's prices), confirm the change of plan,
 * then pay with the chosen method. A locked subscription pays its pending payments here instead.
 */
export function CheckoutRoute() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [search] = useSearchParams();
  const href = useTreeHref();
  const paymentId = search.get('payment');
  const subscription = useSubscription();
  const locked = subscription.data ? isLocked(subscription.data) : false;
  const intent = useChangePlanIntent(!paymentId && !locked);
  const plans = usePlans();
  const changePlan = useChangePlan();
  const [interval, setInterval] = useState<1 | 2 | null>(null);
  const [planName, setPlanName] = useState<string | null>(null);
  const [step, setStep] = useState(0);
  const [result, setResult] = useState<{ payment: Payment | null; subscriptionId: string } | null>(null);

  if (subscription.isPending) return <SectionLoader label={t('COMMON.LOADING')} />;

  const header = <PageHeader title={t('CHECKOUT.TITLE')} description={t('CHECKOUT.SUBTITLE')} />;
  if (subscription.data && (paymentId || locked)) {
    return (
      <Stack gap="lg" maw={880}>
        {header}
        {locked && (
          <Alert color="red" variant="light">
            {t('CHECKOUT.LOCKED')}
          </Alert>
        )}
        <PendingPayments subscriptionId={subscription.data.id} only={paymentId} />
        <Group>
          <Button component={Link} to={href(paths.app.settings.plan.getHref())} variant="subtle">
            {t('CHECKOUT.BACK_TO_SUBSCRIPTION')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (intent.isPending) return <SectionLoader label={t('COMMON.LOADING')} />;
  if (intent.isError)
    return (
      <Stack gap="lg">
        {header}
        <ErrorAlert error={intent.error} />
      </Stack>
    );

  const chosenInterval = interval ?? intent.data.currentInterval;
  const option = intent.data.options.find(
    (candidate) => candidate.planName === planName && candidate.billingInterval === chosenInterval,
  );

  const confirm = () => {
    if (!option?.allowed || changePlan.isPending) return;
    changePlan.mutate(
      { planName: option.planName as KnownPlan, billingInterval: option.billingInterval },
      {
        onSuccess: (changed) => {
          setResult({ payment: changed.payment, subscriptionId: changed.subscription.id });
          setStep(2);
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      {header}
      <Stepper active={step} onStepClick={(next) => next < step && step < 2 && setStep(next)} size="sm">
        <Stepper.Step label={t('CHECKOUT.STEPS.PLAN')}>
          <Stack gap="md" mt="md">
            <PlanPicker
              intent={intent.data}
              plans={plans.data}
              interval={chosenInterval}
              onIntervalChange={(next) => setInterval(next)}
              selected={planName}
              onSelect={setPlanName}
            />
            <Group>
              <Button onClick={() => setStep(1)} disabled={!option?.allowed}>
                {t('CHECKOUT.CONTINUE')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('CHECKOUT.STEPS.CONFIRM')}>
          {option && (
            <Paper withBorder radius="lg" p="lg" mt="md" maw={560}>
              <Stack gap="md">
                <Title order={2} fz="lg">
                  {t('CHECKOUT.SUMMARY', {
                    plan: planNameText(t, option.planName),
                    interval: intervalText(t, option.billingInterval),
                  })}
                </Title>
                <Table>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Td>{t('CHECKOUT.PRICE')}</Table.Td>
                      <Table.Td ta="right">{money(option.priceCents, intent.data.currency)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td>{t('CHECKOUT.CREDIT')}</Table.Td>
                      <Table.Td ta="right">− {money(option.creditCents, intent.data.currency)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Td fw={700}>{t('CHECKOUT.DUE_NOW')}</Table.Td>
                      <Table.Td ta="right" fw={700} data-testid="amount-due">
                        {money(option.amountDueCents, intent.data.currency)}
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
                <Text size="sm" c="dimmed">
                  {t('CHECKOUT.VAT_NOTE')}
                </Text>
                <ErrorAlert error={changePlan.error} />
                <Group>
                  <Button variant="default" onClick={() => setStep(0)} disabled={changePlan.isPending}>
                    {t('CHECKOUT.BACK')}
                  </Button>
                  <Button onClick={confirm} loading={changePlan.isPending} disabled={changePlan.isPending}>
                    {t('CHECKOUT.CONFIRM')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          )}
        </Stepper.Step>
        <Stepper.Step label={t('CHECKOUT.STEPS.PAYMENT')}>
          <Stack gap="md" mt="md" maw={880}>
            <Alert color="teal" variant="light" role="status">
              {t('CHECKOUT.CHANGED')}
            </Alert>
            {result?.payment ? (
              <PaymentStep subscriptionId={result.subscriptionId} payment={result.payment} />
            ) : (
              <Text>{t('CHECKOUT.NOTHING_TO_PAY')}</Text>
            )}
            <Group>
              <Button component={Link} to={href(paths.app.settings.plan.getHref())} variant="light">
                {t('CHECKOUT.BACK_TO_SUBSCRIPTION')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Stack>
  );
}
