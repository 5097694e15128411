import '@mantine/notifications/styles.css';
import { AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SectionLoader } from '../../components/full-page-loader.tsx';
import { Logo } from '../../components/logo.tsx';
import { ScrollToTop } from '../../components/widgets/scroll-to-top.tsx';
import { TOAST_MS, TOAST_POSITION } from '../../components/widgets/toasts.ts';
import { LanguageMenu } from '../../features/account/components/language-menu.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { OrganizationChangeSpinner } from '../../features/organizations/components/organization-change-spinner.tsx';
import { OrganizationSwitcher } from '../../features/organizations/components/organization-switcher.tsx';
import { useCreateOrganizationModal } from '../../features/organizations/hooks/use-create-organization-modal.tsx';
import {
  useKeepSelectedOrganization,
  useOrganizations,
} from '../../features/organizations/hooks/use-organizations.ts';
import { TourLauncher } from '../../features/tour/tour-launcher.tsx';
import { useSession } from '../../lib/auth/session.ts';
import classes from './app-layout.module.css';
import { MainNavigation } from './main-navigation.tsx';
import { UserMenu } from './user-menu.tsx';

/** The signed-in frame: header (organization, language, user), the organization's menu, the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const [navbarOpened, navbar] = useDisclosure(false);
  const { selected } = useOrganizations();
  useKeepSelectedOrganization();
  const openCreate = useCreateOrganizationModal();
  if (!session) return null;

  return (
    // Modals and toasts live inside the router and the signed-in frame: they navigate, and sign-in never needs them.
    <ModalsProvider modalProps={{ closeButtonProps: { 'aria-label': t('DIALOGS.CLOSE') } }}>
      <Notifications position={TOAST_POSITION} autoClose={TOAST_MS} />
      <ScrollToTop />
      <TourLauncher />
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
              <Box visibleFrom="sm" w={300} ml="md" data-tour-anchor="organization-switcher">
                <OrganizationSwitcher />
              </Box>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <NotificationBell />
              <Box data-tour-anchor="language-menu">
                <LanguageMenu />
              </Box>
              <Box data-tour-anchor="user-menu">
                <UserMenu session={session} />
              </Box>
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar
          id="main-navigation"
          component="nav"
          aria-label={t('NAV.MAIN_MENU')}
          p="sm"
          className={classes.navbar}
          data-tour-anchor="main-navigation"
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
        <AppShell.Main className={classes.main} data-tour-anchor="main-content">
          <div className={classes.content}>
            <OrganizationChangeSpinner />
            <Suspense fallback={<SectionLoader label={t('COMMON.LOADING')} />}>
              <Outlet />
            </Suspense>
          </div>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
