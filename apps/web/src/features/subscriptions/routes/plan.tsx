import { ADDONS, isAddonKey } from '@fluxo/domain/addons/catalogue';
import type { ActiveSubscription } from '@fluxo/domain/subscriptions/contracts';
import { Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFormatDate, useFormatMoney } from '../../../lib/format/money.ts';
import { paths } from '../../../lib/paths.ts';
import { addonName } from '../../addons/addon-names.ts';
import { useAddonPayments } from '../../addons/api/get-addon-payments.ts';
import { useAddonPurchase } from '../../addons/hooks/use-addon-purchase.tsx';
import { BillingAddressesCard } from '../../billing-addresses/components/billing-addresses-card.tsx';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { useSubscription } from '../api/get-subscription.ts';
import {
  intervalText,
  paymentStatusText,
  paymentTypeText,
  planNameText,
  subscriptionStatusText,
} from '../code-texts.ts';
import { PlanChecks } from '../components/plan-checks.tsx';
import { useTreeHref } from '../hooks/use-tree-href.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Stack>
  );
}

function CurrentPlan({ subscription }: { subscription: ActiveSubscription }) {
  const { t } = useTranslation();
  const href = useTreeHref();
  const money = useFormatMoney();
  const date = useFormatDate();
  const { plan } = subscription;
  const price = subscription.billingInterval === 2 ? plan.prices.yearly : plan.prices.monthly;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="current-plan">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={6}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('SUBSCRIPTION.CURRENT_PLAN')}
            </Text>
            <Title order={2} fz={26} id="current-plan">
              {planNameText(t, subscription.planName)}
            </Title>
            <PlanChecks subscription={subscription} />
          </Stack>
          {subscription.isOwner && (
            <Button component={Link} to={href(paths.checkout.getHref())}>
              {t('SUBSCRIPTION.CHANGE_PLAN')}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label={t('SUBSCRIPTION.STATUS_LABEL')}>
            {subscriptionStatusText(t, subscription.status, subscription.statusText)}
          </Fact>
          <Fact label={t('SUBSCRIPTION.INTERVAL_LABEL')}>
            {intervalText(t, subscription.billingInterval)}
          </Fact>
          <Fact label={t('SUBSCRIPTION.PRICE')}>
            {price === null ? t('SUBSCRIPTION.PRICE_CUSTOM') : money(price, plan.currency)}
          </Fact>
          <Fact label={t('SUBSCRIPTION.NEXT_RENEWAL')}>
            <span data-testid="next-renewal">{date(subscription.nextRenewal)}</span>
          </Fact>
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {[
            t('SUBSCRIPTION.INCLUDES.ORGANIZATIONS', { count: plan.includes.organizations ?? 0 }),
            t('SUBSCRIPTION.INCLUDES.USERS', { count: plan.includes.users ?? 0 }),
            t('SUBSCRIPTION.INCLUDES.BANK_CONNECTIONS', { count: plan.includes.bankConnections ?? 0 }),
            t('SUBSCRIPTION.INCLUDES.CREDITS', { count: plan.includes.monthlyCredits ?? 0 }),
          ].join(' · ')}
        </Text>
      </Stack>
    </Card>
  );
}

function Credits({ subscription }: { subscription: ActiveSubscription }) {
  const { t } = useTranslation();
  const purchase = useAddonPurchase();
  const canBuy = (key: string) => subscription.plan.addons.includes(key);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="credits">
      <Title order={2} fz="lg" id="credits" mb="md">
        {t('SUBSCRIPTION.CREDITS.TITLE')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} fz="sm">
              {t('SUBSCRIPTION.CREDITS.USERS')}
            </Title>
            {canBuy('user_credits') && (
              <Button size="xs" variant="light" onClick={() => purchase.start({ key: 'user_credits' })}>
                {t('SUBSCRIPTION.CREDITS.BUY_USER')}
              </Button>
            )}
          </Group>
          <Table aria-label={t('SUBSCRIPTION.CREDITS.USERS')}>
            <Table.Tbody>
              {subscription.userCredits.map((user) => (
                <Table.Tr key={user.userId}>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td ta="right">{t('SUBSCRIPTION.CREDITS.COUNT', { count: user.credits })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} fz="sm">
              {t('SUBSCRIPTION.CREDITS.ORGANIZATIONS')}
            </Title>
            {canBuy('organization_credits') && (
              <Button
                size="xs"
                variant="light"
                onClick={() => purchase.start({ key: 'organization_credits' })}
              >
                {t('SUBSCRIPTION.CREDITS.BUY_ORGANIZATION')}
              </Button>
            )}
          </Group>
          <Table aria-label={t('SUBSCRIPTION.CREDITS.ORGANIZATIONS')}>
            <Table.Tbody>
              {subscription.organizationCredits.map((organization) => (
                <Table.Tr key={organization.organizationId}>
                  <Table.Td>{organization.name}</Table.Td>
                  <Table.Td ta="right">
                    {t('SUBSCRIPTION.CREDITS.COUNT', { count: organization.credits })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

/** Extra users, organizations, bank connections … whatever the plan can buy (credit packs are above). */
function Addons({ subscription }: { subscription: ActiveSubscription }) {
  const { t } = useTranslation();
  const purchase = useAddonPurchase();
  const keys = subscription.plan.addons.filter(
    (key) =>
      isAddonKey(key) &&
      !('portfolioCountry' in ADDONS[key]) &&
      key !== 'user_credits' &&
      key !== 'organization_credits',
  );
  if (keys.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="addons">
      <Title order={2} fz="lg" id="addons" mb="xs">
        {t('ADDONS.TITLE')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('ADDONS.SUBTITLE')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {keys.map((key) => (
          <Card key={key} withBorder radius="md" padding="md">
            <Stack gap="sm" h="100%" justify="space-between">
              <Text fw={600}>{addonName(t, key)}</Text>
              <Button
                variant="light"
                size="xs"
                onClick={() => purchase.start({ key })}
                aria-label={t('ADDONS.BUY_NAMED', { name: addonName(t, key) })}
              >
                {t('ADDONS.BUY')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function Payments({ subscription }: { subscription: ActiveSubscription }) {
  const { t } = useTranslation();
  const href = useTreeHref();
  const money = useFormatMoney();
  const date = useFormatDate();
  const pending = usePendingPayments(subscription.id);
  const addonPayments = useAddonPayments();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="payments">
      <Title order={2} fz="lg" id="payments" mb="md">
        {t('BILLING.PAYMENTS.TITLE')}
      </Title>
      <ErrorAlert error={pending.error} />
      <Title order={3} fz="sm" mb="xs">
        {t('BILLING.PAYMENTS.PENDING')}
      </Title>
      {pending.data?.length === 0 && <Text c="dimmed">{t('BILLING.PAYMENTS.NONE_PENDING')}</Text>}
      {!!pending.data?.length && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('BILLING.PAYMENTS.PENDING')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('BILLING.PAYMENTS.DESCRIPTION')}</Table.Th>
                <Table.Th>{t('BILLING.PAYMENTS.DUE')}</Table.Th>
                <Table.Th>{t('BILLING.PAYMENTS.METHOD')}</Table.Th>
                <Table.Th>{t('BILLING.PAYMENTS.STATUS')}</Table.Th>
                <Table.Th ta="right">{t('BILLING.AMOUNT')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.data.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{payment.description}</Table.Td>
                  <Table.Td>{date(payment.dueDate)}</Table.Td>
                  <Table.Td>{paymentTypeText(t, payment.type)}</Table.Td>
                  <Table.Td>{paymentStatusText(t, payment.status)}</Table.Td>
                  <Table.Td ta="right">{money(payment.totalCents, payment.currency)}</Table.Td>
                  <Table.Td ta="right">
                    {subscription.isOwner && (
                      <Button
                        size="xs"
                        variant="light"
                        component={Link}
                        to={href(`${paths.checkout.getHref()}?payment=${payment.id}`)}
                      >
                        {t('BILLING.PAYMENTS.PAY')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Title order={3} fz="sm" mt="lg" mb="xs">
        {t('BILLING.PAYMENTS.ADDONS')}
      </Title>
      {addonPayments.data?.length === 0 && <Text c="dimmed">{t('BILLING.PAYMENTS.NONE_ADDONS')}</Text>}
      {!!addonPayments.data?.length && (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label={t('BILLING.PAYMENTS.ADDONS')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('BILLING.PAYMENTS.ADDON')}</Table.Th>
                <Table.Th>{t('BILLING.PAYMENTS.DATE')}</Table.Th>
                <Table.Th ta="right">{t('BILLING.PAYMENTS.QUANTITY')}</Table.Th>
                <Table.Th>{t('BILLING.PAYMENTS.STATUS')}</Table.Th>
                <Table.Th ta="right">{t('BILLING.AMOUNT')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {addonPayments.data.map((item) => (
                <Table.Tr key={item.purchaseId}>
                  <Table.Td>{addonName(t, item.key)}</Table.Td>
                  <Table.Td>{date(item.purchasedAt)}</Table.Td>
                  <Table.Td ta="right">{item.quantity}</Table.Td>
                  <Table.Td>
                    {item.paymentStatus === null
                      ? t('BILLING.PAYMENTS.INCLUDED')
                      : paymentStatusText(t, item.paymentStatus)}
                  </Table.Td>
                  <Table.Td ta="right">{money(item.price, subscription.plan.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/**
 * /settings/plan ("Plan and billing" in the user menu): Fluxo's own plan for the organization in use —
 * credits, add-ons, invoices and payments, billing addresses. Not /billing/subscriptions, which is the
 * organization's recurring billing of its own customers (features/billing/schedules).
 */
export function PlanRoute() {
  const { t } = useTranslation();
  const subscription = useSubscription();
  return (
    <Stack gap="lg">
      <PageHeader title={t('SUBSCRIPTION.TITLE')} description={t('SUBSCRIPTION.SUBTITLE')} />
      {subscription.isPending && <SectionLoader label={t('COMMON.LOADING')} />}
      {subscription.isError && <ErrorAlert error={subscription.error} />}
      {subscription.data && (
        <>
          <CurrentPlan subscription={subscription.data} />
          <Credits subscription={subscription.data} />
          <Addons subscription={subscription.data} />
          <Payments subscription={subscription.data} />
        </>
      )}
      <BillingAddressesCard />
    </Stack>
  );
}
