import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { paths } from '../../lib/paths.ts';

function StatusPage({ code, titleKey, textKey }: { code: string; titleKey: string; textKey: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Logo />
        <Text fz={56} fw={800} c="brand.2" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1} fz={26}>
          {t(titleKey)}
        </Title>
        <Text c="dimmed">{t(textKey)}</Text>
        <Button component={Link} to={paths.root.getHref()}>
          {t('STATUS.BACK_HOME')}
        </Button>
      </Stack>
    </Center>
  );
}

export function UnauthorizedRoute() {
  return <StatusPage code="403" titleKey="STATUS.UNAUTHORIZED.TITLE" textKey="STATUS.UNAUTHORIZED.TEXT" />;
}

export function NotFoundRoute() {
  return <StatusPage code="404" titleKey="STATUS.NOT_FOUND.TITLE" textKey="STATUS.NOT_FOUND.TEXT" />;
}

/** Spec §2: every route leads here while the maintenance flag is on; no way back but waiting. */
export function MaintenanceRoute() {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Logo />
        <Title order={1} fz={26}>
          {t('SHELL.MAINTENANCE.TITLE')}
        </Title>
        <Text c="dimmed">{t('SHELL.MAINTENANCE.TEXT')}</Text>
      </Stack>
    </Center>
  );
}

/** Until the subscriptions feature lands its own page: the subscription is locked, and the way out. */
export function LockedRoute() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} fz={26}>
          {t('SHELL.LOCKED.TITLE')}
        </Title>
        <Text c="dimmed">{t('SHELL.LOCKED.TEXT')}</Text>
        <Button component={Link} to={paths.checkout.getHref()}>
          {t('SHELL.LOCKED.ACTION')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Until the subscriptions feature lands its own page. */
export function CheckoutRoute() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} fz={26}>
          {t('SHELL.CHECKOUT.TITLE')}
        </Title>
        <Text c="dimmed">{t('SHELL.CHECKOUT.TEXT')}</Text>
        <Button component={Link} to={paths.locked.getHref()} variant="default">
          {t('SHELL.CHECKOUT.BACK')}
        </Button>
      </Stack>
    </Center>
  );
}
