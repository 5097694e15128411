import '@mantine/notifications/styles.css';
import { Box, Container, Group } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SectionLoader } from '../../components/full-page-loader.tsx';
import { Logo } from '../../components/logo.tsx';
import { LanguageMenu } from '../../features/account/components/language-menu.tsx';
import { useSession } from '../../lib/auth/session.ts';
import { UserMenu } from './user-menu.tsx';

/** Spec §9: toasts last 4 s, bottom right. */
const TOAST_MS = 4000;

/**
 * The frame of signed-in pages that stand outside the organization's menu (locked, checkout): the
 * logo, the language and the user's menu (to sign out), and the page, on desktop and phone alike.
 */
export function StandaloneLayout() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  return (
    <ModalsProvider>
      <Notifications position="bottom-right" autoClose={TOAST_MS} />
      <Box
        component="header"
        px="md"
        style={{
          borderBottom: '1px solid var(--mantine-color-gray-2)',
          background: 'var(--mantine-color-white)',
        }}
      >
        <Group h={64} justify="space-between" wrap="nowrap">
          <Logo size={30} />
          <Group gap="xs" wrap="nowrap">
            <LanguageMenu />
            <UserMenu session={session} />
          </Group>
        </Group>
      </Box>
      <Box component="main" mih="calc(100dvh - 65px)" bg="gray.0" py={{ base: 'md', sm: 'xl' }}>
        <Container size="lg">
          <Suspense fallback={<SectionLoader label={t('COMMON.LOADING')} />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </ModalsProvider>
  );
}
