import '@mantine/notifications/styles.css';
import { AppShell, Box, Burger, Group, LoadingOverlay } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useIsMutating } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SectionLoader } from '../../components/full-page-loader.tsx';
import { Logo } from '../../components/logo.tsx';
import { LanguageMenu } from '../../features/account/components/language-menu.tsx';
import { OrganizationSwitcher } from '../../features/organizations/components/organization-switcher.tsx';
import { useCreateOrganizationModal } from '../../features/organizations/hooks/use-create-organization-modal.tsx';
import {
  useKeepSelectedOrganization,
  useOrganizations,
} from '../../features/organizations/hooks/use-organizations.ts';
import { SWITCH_ORGANIZATION_KEY } from '../../features/organizations/hooks/use-switch-organization.ts';
import { useSession } from '../../lib/auth/session.ts';
import classes from './app-layout.module.css';
import { MainNavigation } from './main-navigation.tsx';
import { UserMenu } from './user-menu.tsx';

/** Spec §9: toasts last 4 s, bottom right. */
const TOAST_MS = 4000;

/** The signed-in frame: header (organization, language, user), the organization's menu, the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const [navbarOpened, navbar] = useDisclosure(false);
  const { selected } = useOrganizations();
  useKeepSelectedOrganization();
  const openCreate = useCreateOrganizationModal();
  const switching = useIsMutating({ mutationKey: SWITCH_ORGANIZATION_KEY }) > 0;
  if (!session) return null;

  return (
    // Modals and toasts live inside the router and the signed-in frame: they navigate, and sign-in never needs them.
    <ModalsProvider>
      <Notifications position="bottom-right" autoClose={TOAST_MS} />
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header className={classes.header}>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="md" wrap="nowrap" miw={0}>
              <Burger
                opened={navbarOpened}
                onClick={navbar.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('NAV.TOGGLE_MENU')}
                aria-expanded={navbarOpened}
                aria-controls="main-navigation"
              />
              <Logo size={30} />
              <Box visibleFrom="sm" w={300} ml="md">
                <OrganizationSwitcher />
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageMenu />
              <UserMenu session={session} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar
          id="main-navigation"
          component="nav"
          aria-label={t('NAV.MAIN_MENU')}
          p="sm"
          className={classes.navbar}
        >
          <Box hiddenFrom="sm" mb="md">
            <OrganizationSwitcher />
          </Box>
          <MainNavigation
            organization={selected}
            onNavigate={navbar.close}
            onCreateOrganization={openCreate}
          />
        </AppShell.Navbar>
        <AppShell.Main className={classes.main}>
          <div className={classes.content}>
            <LoadingOverlay visible={switching} zIndex={150} overlayProps={{ blur: 1 }} />
            <Suspense fallback={<SectionLoader label={t('COMMON.LOADING')} />}>
              <Outlet />
            </Suspense>
          </div>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
