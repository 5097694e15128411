import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { CONSENT_COOKIE, getCookie, setCookie } from '../../lib/cookies/cookies.ts';
import { useIsMobileDevice } from '../../lib/device.ts';
import { isMobilePath } from '../../lib/paths.ts';

/** Spec §2: desktop only, shown until `cookies_consent` is set (kept about a year). */
export function CookieBanner() {
  const { t } = useTranslation();
  const mobile = useIsMobileDevice();
  const { pathname } = useLocation();
  const [consented, setConsented] = useState(() => getCookie(CONSENT_COOKIE) !== null);
  if (consented || mobile || isMobilePath(pathname)) return null;

  return (
    <Paper
      component="section"
      aria-label={t('COOKIES.LABEL')}
      withBorder
      shadow="lg"
      radius="md"
      p="md"
      maw={520}
      style={{ position: 'fixed', left: 24, bottom: 24, zIndex: 190 }}
    >
      <Text size="sm" mb="sm">
        {t('COOKIES.TEXT')}{' '}
        <Anchor href="https://www.fluxo.example/privacy" target="_blank" rel="noreferrer" size="sm">
          {t('COOKIES.MORE')}
        </Anchor>
      </Text>
      <Group justify="flex-end">
        <Button
          size="sm"
          onClick={() => {
            setCookie(CONSENT_COOKIE, 'true', { shortLived: false });
            setConsented(true);
          }}
        >
          {t('COOKIES.ACCEPT')}
        </Button>
      </Group>
    </Paper>
  );
}
