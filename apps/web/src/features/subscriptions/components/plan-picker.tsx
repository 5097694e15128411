import type { ContractResponse } from '@fluxo/domain/contract';
import type { changePlanIntentContract, plansContract } from '@fluxo/domain/subscriptions/contracts';
import { Badge, Card, List, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../lib/format/money.ts';
import { planNameText } from '../code-texts.ts';

type Intent = ContractResponse<typeof changePlanIntentContract>;
type Plans = ContractResponse<typeof plansContract>;
export type Option = Intent['options'][number];

/** Chooses the billing interval and one plan among those open to the customer, with the server's prices. */
export function PlanPicker({
  intent,
  plans,
  interval,
  onIntervalChange,
  selected,
  onSelect,
}: {
  intent: Intent;
  plans: Plans | undefined;
  interval: 1 | 2;
  onIntervalChange: (interval: 1 | 2) => void;
  selected: string | null;
  onSelect: (planName: string) => void;
}) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const options = intent.options.filter((option) => option.billingInterval === interval);

  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={t('CHECKOUT.INTERVAL')}
        value={String(interval)}
        onChange={(value) => onIntervalChange(value === '2' ? 2 : 1)}
        data={[
          { value: '1', label: t('SUBSCRIPTION.INTERVAL.MONTHLY') },
          { value: '2', label: t('SUBSCRIPTION.INTERVAL.YEARLY') },
        ]}
        maw={320}
      />
      <Radio.Group value={selected} onChange={onSelect} label={t('CHECKOUT.CHOOSE_PLAN')}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mt="sm">
          {options.map((option) => {
            const offer = plans?.find((plan) => plan.plan === option.planName);
            const discounted = option.priceWithoutDiscountCents > option.priceCents;
            return (
              <Card key={option.planName} withBorder radius="lg" padding="lg" data-plan={option.planName}>
                <Stack gap="xs">
                  <Radio
                    value={option.planName}
                    disabled={!option.allowed}
                    label={<Text fw={700}>{planNameText(t, option.planName)}</Text>}
                  />
                  {option.kind === 'same' && (
                    <Badge variant="light" w="fit-content">
                      {t('CHECKOUT.CURRENT_PLAN')}
                    </Badge>
                  )}
                  <Text fz={24} fw={800} data-testid={`price-${option.planName}`}>
                    {money(option.priceCents, intent.currency)}
                    <Text span c="dimmed" fz="sm" fw={400}>
                      {' '}
                      {interval === 2 ? t('CHECKOUT.PER_YEAR') : t('CHECKOUT.PER_MONTH')}
                    </Text>
                  </Text>
                  {discounted && (
                    <Text size="sm" c="dimmed" td="line-through">
                      {money(option.priceWithoutDiscountCents, intent.currency)}
                    </Text>
                  )}
                  {offer && (
                    <List size="sm" spacing={2}>
                      <List.Item>
                        {t('SUBSCRIPTION.INCLUDES.ORGANIZATIONS', {
                          count: offer.includes.organizations ?? 0,
                        })}
                      </List.Item>
                      <List.Item>
                        {t('SUBSCRIPTION.INCLUDES.USERS', { count: offer.includes.users ?? 0 })}
                      </List.Item>
                      <List.Item>
                        {t('SUBSCRIPTION.INCLUDES.BANK_CONNECTIONS', {
                          count: offer.includes.bankConnections ?? 0,
                        })}
                      </List.Item>
                      <List.Item>
                        {t('SUBSCRIPTION.INCLUDES.CREDITS', { count: offer.includes.monthlyCredits ?? 0 })}
                      </List.Item>
                    </List>
                  )}
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      </Radio.Group>
    </Stack>
  );
}
