import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Spec §2/§8: the session ended while the user was away. The only way on is to confirm, after which
 * the caller clears the session and goes to sign-in (with redirect_url); the dialog cannot be
 * dismissed in another way, so the page behind it is never used without a session.
 */
export function IdleSessionDialog({ opened, onConfirm }: { opened: boolean; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('SESSION.IDLE.TITLE')}
      zIndex={400}
    >
      <Text size="sm" mb="lg">
        {t('SESSION.IDLE.DESC')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onConfirm} data-autofocus>
          {t('SESSION.IDLE.BTN')}
        </Button>
      </Group>
    </Modal>
  );
}
