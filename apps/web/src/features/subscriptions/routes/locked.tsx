import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { planNameText } from '../code-texts.ts';
import { PaymentStep } from '../components/payment-step.tsx';
import { useTreeHref } from '../hooks/use-tree-href.ts';
import { UNLOCK_POLL_MS, useUnlockWatch } from '../hooks/use-unlock-watch.ts';

/**
 * /locked: the subscription is locked because a payment is overdue. Says what happened and what to do,
 * lists the payments to make with their Multibanco and transfer details, and leaves for / by itself
 * once the subscription is unlocked (real-time event or polling).
 */
export function LockedRoute() {
  const { t } = useTranslation();
  const { subscription } = useUnlockWatch();
  const href = useTreeHref();
  const pending = usePendingPayments(subscription.data?.id, { refetchInterval: UNLOCK_POLL_MS });

  if (subscription.isPending) return <SectionLoader label={t('COMMON.LOADING')} />;

  const payments = pending.data ?? [];
  return (
    <Stack gap="lg" maw={880}>
      <PageHeader
        eyebrow={subscription.data ? planNameText(t, subscription.data.planName) : undefined}
        title={t('LOCKED.TITLE')}
        description={t('LOCKED.WHAT_HAPPENED')}
      />
      <Alert
        color="red"
        variant="light"
        icon={<IconLock size={18} aria-hidden />}
        title={t('LOCKED.WHAT_TO_DO')}
      >
        <List size="sm" spacing={4}>
          <List.Item>{t('LOCKED.STEP_PAY')}</List.Item>
          <List.Item>{t('LOCKED.STEP_CONFIRM')}</List.Item>
          <List.Item>{t('LOCKED.STEP_AUTOMATIC')}</List.Item>
        </List>
      </Alert>
      {subscription.isError && <ErrorAlert error={subscription.error} />}

      <Stack gap="md" component="section" aria-labelledby="locked-payments">
        <Title order={2} fz="lg" id="locked-payments">
          {t('LOCKED.PAYMENTS')}
        </Title>
        {pending.isPending && subscription.data ? (
          <SectionLoader label={t('COMMON.LOADING')} />
        ) : payments.length === 0 ? (
          <Text c="dimmed">{t('LOCKED.NO_PAYMENTS')}</Text>
        ) : (
          payments.map((payment) => (
            <PaymentStep key={payment.id} subscriptionId={subscription.data!.id} payment={payment} />
          ))
        )}
      </Stack>

      <Group>
        <Button component={Link} to={href(paths.checkout.getHref())} variant="light">
          {t('LOCKED.GO_TO_CHECKOUT')}
        </Button>
        <Button component={Link} to={href(paths.app.settings.plan.getHref())} variant="subtle">
          {t('LOCKED.GO_TO_PLAN')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('LOCKED.WAITING')}
      </Text>
    </Stack>
  );
}
