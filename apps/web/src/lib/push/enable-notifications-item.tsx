import { Menu } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAppConfiguration } from '../version-check/version-check.ts';
import { enablePush, pushSupported } from './push.ts';

/**
 * "Enable notifications" in the user menu: the browser asks for permission only on this click (spec §8);
 * once granted the app subscribes to the server's pushes. Hidden where push is unsupported, denied or on.
 */
export function EnableNotificationsItem() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(() => (pushSupported() ? Notification.permission : 'denied'));
  if (permission !== 'default') return null;
  return (
    <Menu.Item
      leftSection={<IconBell size={16} aria-hidden />}
      onClick={() => {
        void fetchAppConfiguration()
          .catch(() => null)
          .then((configuration) =>
            enablePush(
              typeof configuration?.publicVapidKey === 'string' ? configuration.publicVapidKey : null,
            ),
          )
          .then((answer) => {
            if (answer) setPermission(answer);
          });
      }}
    >
      {t('PUSH.ENABLE')}
    </Menu.Item>
  );
}
