import '@mantine/notifications/styles.css';
import { Box, Divider, Drawer, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { IconHome, IconMenu2, IconSettings } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { SectionLoader } from '../../../components/full-page-loader.tsx';
import { Logo } from '../../../components/logo.tsx';
import { ScrollToTop } from '../../../components/widgets/scroll-to-top.tsx';
import { LanguageMenu } from '../../../features/account/components/language-menu.tsx';
import { NotificationBell } from '../../../features/notifications/components/notification-bell.tsx';
import { OrganizationChangeSpinner } from '../../../features/organizations/components/organization-change-spinner.tsx';
import { OrganizationSwitcher } from '../../../features/organizations/components/organization-switcher.tsx';
import {
  useKeepSelectedOrganization,
  useOrganizations,
} from '../../../features/organizations/hooks/use-organizations.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { paths, toMobileHref } from '../../../lib/paths.ts';
import { menuIcon } from '../menu-icons.ts';
import { UserMenu } from '../user-menu.tsx';
import classes from './mobile-layout.module.css';
import { mobileMenus } from './mobile-menus.ts';

/** Spec §9: toasts last 4 s, bottom right. */
const TOAST_MS = 4000;
/** Tabs in the bottom bar besides home and the menu button; the rest is in the drawer. */
const BOTTOM_TABS = 3;

/**
 * The signed-in frame on a phone (the /m tree): a slim header, the page, a bottom bar with the main
 * areas and a drawer with the whole menu, the organization switcher and the language. Every control
 * is at least 44 px; no desktop-only widgets (portfolio, tour, cookie banner) live here.
 */
export function MobileLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const { selected } = useOrganizations();
  useKeepSelectedOrganization();
  if (!session) return null;

  const { groups, managePath } = mobileMenus(selected?.menus ?? []);
  const homeHref = toMobileHref(paths.app.welcome.getHref());
  const tabs = groups.filter((menu) => menu.key !== 'welcome').slice(0, BOTTOM_TABS);
  const isCurrent = (href: string) => pathname === href || pathname.startsWith(`${href}/`);

  return (
    <ModalsProvider modalProps={{ closeButtonProps: { 'aria-label': t('DIALOGS.CLOSE') } }}>
      <Notifications position="bottom-right" autoClose={TOAST_MS} />
      <ScrollToTop bottom={96} />
      <header className={classes.header}>
        <Logo size={28} />
        <Text className={classes.title} size="sm">
          {selected?.name ?? ''}
        </Text>
        <NotificationBell />
        <UserMenu session={session} />
      </header>
      <main className={classes.main}>
        <OrganizationChangeSpinner />
        <Suspense fallback={<SectionLoader label={t('COMMON.LOADING')} />}>
          <Outlet />
        </Suspense>
      </main>
      <nav className={classes.bottomNav} aria-label={t('MOBILE.BOTTOM_NAV')}>
        <Link to={homeHref} className={classes.tab} aria-current={isCurrent(homeHref) ? 'page' : undefined}>
          <IconHome size={22} aria-hidden />
          <span className={classes.tabLabel}>{t('MOBILE.HOME')}</span>
        </Link>
        {tabs.map((menu) => {
          const TabIcon = menuIcon(menu.key);
          const first = menu.subMenus[0];
          if (!first) return null;
          const href = toMobileHref(first.path);
          const groupBase = toMobileHref(`/${first.path.split('/')[1] ?? ''}`);
          return (
            <Link
              key={menu.key}
              to={href}
              className={classes.tab}
              aria-current={isCurrent(groupBase) ? 'page' : undefined}
            >
              <TabIcon size={22} aria-hidden />
              <span className={classes.tabLabel}>{t(menu.title)}</span>
            </Link>
          );
        })}
        <UnstyledButton
          className={classes.tab}
          onClick={drawer.open}
          aria-expanded={drawerOpened}
          aria-controls="mobile-menu"
        >
          <IconMenu2 size={22} aria-hidden />
          <span className={classes.tabLabel}>{t('MOBILE.MENU')}</span>
        </UnstyledButton>
      </nav>
      <Drawer
        id="mobile-menu"
        opened={drawerOpened}
        onClose={drawer.close}
        position="right"
        size="90%"
        title={t('MOBILE.MENU')}
        closeButtonProps={{ 'aria-label': t('MOBILE.CLOSE_MENU'), size: 'lg' }}
      >
        <Stack gap="md">
          <OrganizationSwitcher />
          <nav aria-label={t('NAV.MAIN_MENU')}>
            <Stack gap="md">
              {!selected && (
                <>
                  <NavLink
                    component={Link}
                    to={homeHref}
                    label={t('MENU.WELCOME.WELCOME')}
                    leftSection={<IconHome size={20} aria-hidden />}
                    active={pathname === homeHref}
                    className={classes.drawerLink}
                    onClick={drawer.close}
                  />
                  <Text size="sm" c="dimmed" px="sm">
                    {t('NAV.NO_ORGANIZATION')}
                  </Text>
                </>
              )}
              {groups.map((menu) => {
                const headingId = `mobile-menu-group-${menu.key}`;
                return (
                  <div key={menu.key}>
                    <Text component="h2" id={headingId} className={classes.groupTitle} mb={4}>
                      {t(menu.title)}
                    </Text>
                    <ul className={classes.list} aria-labelledby={headingId}>
                      {menu.subMenus.map((sub) => {
                        const href = toMobileHref(sub.path);
                        return (
                          <li key={sub.path}>
                            <NavLink
                              component={Link}
                              to={href}
                              label={t(sub.title)}
                              active={pathname === href}
                              aria-current={pathname === href ? 'page' : undefined}
                              className={classes.drawerLink}
                              onClick={drawer.close}
                            />
                          </li>
                        );
                      })}
                    </ul>
                  </div>
                );
              })}
              {managePath && (
                <NavLink
                  component={Link}
                  to={toMobileHref(managePath)}
                  label={t('NAV.MANAGE_ORGANIZATION')}
                  leftSection={<IconSettings size={20} aria-hidden />}
                  className={classes.drawerLink}
                  onClick={drawer.close}
                />
              )}
            </Stack>
          </nav>
          <Divider />
          <Box>
            <LanguageMenu />
          </Box>
        </Stack>
      </Drawer>
    </ModalsProvider>
  );
}
