import { initials } from '@fluxo/domain/format/ids';
import { canFromStrings, PermissionFlag } from '@fluxo/domain/permissions';
import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBell,
  IconCreditCard,
  IconHistory,
  IconLifebuoy,
  IconLogout,
  IconMessage,
  IconShieldLock,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { useOrganizations } from '../../features/organizations/hooks/use-organizations.ts';
import { openContactModal } from '../../features/support/open-contact-modal.tsx';
import { openSupportTicketsModal } from '../../features/support/open-support-tickets-modal.tsx';
import type { Session } from '../../lib/auth/session.ts';
import { hrefFor, isMobilePath, paths } from '../../lib/paths.ts';
import { EnableNotificationsItem } from '../../lib/push/enable-notifications-item.tsx';

export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const mobile = isMobilePath(useLocation().pathname);
  const { uname, uem } = session.claims;
  // The audit log is for whoever holds organization.settings at ADMIN (the owner holds every grant).
  const { selected } = useOrganizations();
  const canSeeAudit = canFromStrings(
    selected?.permissions ?? [],
    'organization.settings',
    PermissionFlag.ADMIN,
  );
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <UnstyledButton aria-label={t('NAV.USER_MENU', { name: uname })}>
          <Avatar color="brand" radius="xl" size={36}>
            {initials(uname)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py={8}>
          <Text size="sm" fw={600} truncate="end">
            {uname}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {uem}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={hrefFor(paths.app.settings.security.getHref(), mobile)}
          leftSection={<IconShieldLock size={16} aria-hidden />}
        >
          {t('NAV.SECURITY')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={hrefFor(paths.app.settings.plan.getHref(), mobile)}
          leftSection={<IconCreditCard size={16} aria-hidden />}
        >
          {t('NAV.PLAN')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={hrefFor(paths.app.settings.notifications.getHref(), mobile)}
          leftSection={<IconBell size={16} aria-hidden />}
        >
          {t('NOTIFICATIONS.PREFERENCES')}
        </Menu.Item>
        {canSeeAudit && (
          <Menu.Item
            component={Link}
            to={hrefFor(paths.app.settings.audit.getHref(), mobile)}
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            {t('AUDIT.MENU')}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconMessage size={16} aria-hidden />}
          onClick={() => openContactModal({ source: 'user-menu' })}
        >
          {t('CONTACT_US.ACTION')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLifebuoy size={16} aria-hidden />} onClick={openSupportTicketsModal}>
          {t('SUPPORT.TICKETS.ACTION')}
        </Menu.Item>
        <EnableNotificationsItem />
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          {t('NAV.SIGN_OUT')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
