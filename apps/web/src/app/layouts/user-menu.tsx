import { initials } from '@fluxo/domain/format/ids';
import { Avatar, Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import type { Session } from '../../lib/auth/session.ts';

export function UserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const { uname, uem } = session.claims;
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
