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
