import type { Organization } from '@fluxo/domain/organizations/contracts';
import { Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { IconHome, IconPlus, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../../lib/paths.ts';
import classes from './app-layout.module.css';
import { menuIcon } from './menu-icons.ts';

const byOrder = <T extends { order: number }>(items: readonly T[]) =>
  [...items].sort((a, b) => a.order - b.order);

/**
 * The selected organization's menu (spec §2): its groups in their order, each with its entries,
 * and the organization's own management apart at the bottom.
 */
export function MainNavigation({
  organization,
  onNavigate,
  onCreateOrganization,
}: {
  organization: Organization | null;
  onNavigate: () => void;
  onCreateOrganization: () => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menus = byOrder(organization?.menus ?? []);
  const manage = menus.find((menu) => menu.key === 'organization');
  const managePath = manage ? byOrder(manage.subMenus)[0]?.path : undefined;

  return (
    <>
      <ScrollArea className={classes.navScroll} type="scroll" offsetScrollbars>
        <Stack gap="lg" py="xs">
          {!organization && (
            <Stack gap="sm">
              <NavLink
                component={Link}
                to={paths.app.welcome.getHref()}
                label={t('MENU.WELCOME.WELCOME')}
                leftSection={<IconHome size={18} aria-hidden />}
                active={pathname === paths.app.welcome.path}
                onClick={onNavigate}
              />
              <Text size="sm" c="dimmed" px="sm">
                {t('NAV.NO_ORGANIZATION')}
              </Text>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                variant="light"
                onClick={onCreateOrganization}
              >
                {t('ORGANIZATIONS.CREATE.ACTION')}
              </Button>
            </Stack>
          )}
          {menus
            .filter((menu) => menu.key !== 'organization')
            .map((menu) => {
              const MenuIcon = menuIcon(menu.key);
              const headingId = `menu-group-${menu.key}`;
              return (
                <div key={menu.key}>
                  <Group gap={8} px="sm" mb={4} wrap="nowrap">
                    <MenuIcon size={16} className={classes.groupIcon} aria-hidden />
                    <Text component="h2" id={headingId} className={classes.groupTitle}>
                      {t(menu.title)}
                    </Text>
                  </Group>
                  <ul className={classes.navList} aria-labelledby={headingId}>
                    {byOrder(menu.subMenus).map((sub) => (
                      <li key={sub.path}>
                        <NavLink
                          component={Link}
                          to={sub.path}
                          label={t(sub.title)}
                          active={pathname === sub.path}
                          aria-current={pathname === sub.path ? 'page' : undefined}
                          className={classes.navLink}
                          onClick={onNavigate}
                        />
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
        </Stack>
      </ScrollArea>
      {managePath && (
        <div className={classes.navFooter}>
          <NavLink
            component={Link}
            to={managePath}
            label={t('NAV.MANAGE_ORGANIZATION')}
            leftSection={<IconSettings size={18} aria-hidden />}
            active={pathname === managePath}
            aria-current={pathname === managePath ? 'page' : undefined}
            onClick={onNavigate}
          />
        </div>
      )}
    </>
  );
}
