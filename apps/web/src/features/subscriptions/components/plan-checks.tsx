import { isFounder, isLocked, isPremium, isSimple, isTrial } from '@fluxo/domain/subscriptions/checks';
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Checked {
  status: number;
  planName: string;
  isTrial: boolean;
  isCustom: boolean;
}

/** The checks of spec §4 as badges: locked, trial, premium, simple, founder, custom. */
export function planChecks(subscription: Checked) {
  return {
    locked: isLocked(subscription),
    trial: isTrial(subscription),
    premium: isPremium(subscription),
    simple: isSimple(subscription),
    founder: isFounder(subscription),
    custom: subscription.isCustom,
  };
}

const COLORS = {
  locked: 'red',
  trial: 'yellow',
  premium: 'violet',
  simple: 'gray',
  founder: 'orange',
  custom: 'cyan',
};

export function PlanChecks({ subscription }: { subscription: Checked }) {
  const { t } = useTranslation();
  const checks = planChecks(subscription);
  const shown = (Object.keys(checks) as (keyof typeof checks)[]).filter((name) => checks[name]);
  return (
    <Group gap="xs" aria-label={t('SUBSCRIPTION.CHECKS.LABEL')} role="list">
      {shown.map((name) => (
        <Badge key={name} role="listitem" color={COLORS[name]} variant="light" data-check={name}>
          {t(`SUBSCRIPTION.CHECKS.${name.toUpperCase()}`)}
        </Badge>
      ))}
    </Group>
  );
}
