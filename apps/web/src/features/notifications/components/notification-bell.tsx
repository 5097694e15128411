import { notificationText } from '@fluxo/domain/notifications/kinds';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { currentLanguage } from '../../../lib/i18n/i18n.ts';
import { hrefFor, isMobilePath, paths } from '../../../lib/paths.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from '../api/notifications.ts';

/**
 * The bell in the shell's header: the unread count, the latest notifications (of the organization in
 * use and of none), mark read / all read, and a click opens what the notification is about. It follows
 * REFRESH_NOTIFICATIONS live (the real-time handlers invalidate its query).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, popover] = useDisclosure(false);
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();
  const mobile = isMobilePath(useLocation().pathname);
  const unread = notifications.data?.unread ?? 0;
  const language = currentLanguage();
  const dateTime = new Intl.DateTimeFormat(language === 'gb' ? 'en-GB' : language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });

  return (
    <Popover
      opened={opened}
      onChange={popover.toggle}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
    >
      {/* The target is the button itself: Popover.Target gives its child aria-expanded/-controls, which a
          plain element (the Indicator's div) may not carry (axe: aria-allowed-attr). */}
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          onClick={popover.toggle}
          aria-label={t('NOTIFICATIONS.BELL', { count: unread })}
          aria-expanded={opened}
          data-testid="notification-bell"
        >
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={18}
            disabled={unread === 0}
            color="red"
            offset={2}
          >
            <IconBell size={22} aria-hidden />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('NOTIFICATIONS.TITLE')} role="dialog">
        <Group justify="space-between" px="md" py="xs">
          <Text fw={600}>{t('NOTIFICATIONS.TITLE')}</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('NOTIFICATIONS.MARK_ALL_READ')}
          </Button>
        </Group>
        {notifications.isError ? (
          <ErrorAlert error={notifications.error} />
        ) : (
          <ScrollArea.Autosize mah={420}>
            {notifications.data?.items.length === 0 && (
              <Text c="dimmed" size="sm" px="md" py="lg" ta="center">
                {t('NOTIFICATIONS.EMPTY')}
              </Text>
            )}
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {notifications.data?.items.map((item) => {
                const { title, body } = notificationText(item.kind, item.params, language);
                const unreadItem = !item.readAt;
                return (
                  <li key={item.id}>
                    <UnstyledButton
                      w="100%"
                      px="md"
                      py="sm"
                      data-unread={unreadItem || undefined}
                      style={{
                        borderTop: '1px solid var(--mantine-color-default-border)',
                        background: unreadItem ? 'var(--mantine-color-brand-light)' : undefined,
                      }}
                      onClick={() => {
                        if (unreadItem) markRead.mutate(item.id);
                        popover.close();
                        if (item.link) void navigate(hrefFor(item.link, mobile));
                      }}
                    >
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text size="sm" fw={unreadItem ? 700 : 500}>
                          {title}
                        </Text>
                        {unreadItem && (
                          <Badge size="xs" color="red" variant="filled">
                            {t('NOTIFICATIONS.UNREAD')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="dimmed">
                        {body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {dateTime.format(new Date(item.createdAt))}
                      </Text>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Group
          justify="center"
          py="xs"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Button
            component={Link}
            to={hrefFor(paths.app.settings.notifications.getHref(), mobile)}
            variant="subtle"
            size="compact-sm"
            onClick={popover.close}
          >
            {t('NOTIFICATIONS.PREFERENCES')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
