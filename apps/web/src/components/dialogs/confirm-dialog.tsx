import { Button, Group, Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../lib/i18n/i18n.ts';

export interface ConfirmDialogOptions {
  title: ReactNode;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/**
 * Spec §2's confirm/cancel dialog as a component, for a screen (or a modal) that keeps the
 * question in its own state. Dismissing it (Escape, outside click, ×) counts as cancel.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmDialogOptions & { opened: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      zIndex={350}
      closeButtonProps={{ 'aria-label': t('DIALOGS.CLOSE') }}
    >
      {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel ?? t('DIALOGS.CANCEL')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={onConfirm} data-autofocus>
          {confirmLabel ?? t('DIALOGS.CONFIRM')}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * The same dialog opened from code: resolves true on confirm, false on cancel or dismissal.
 * Needs the signed-in layout's ModalsProvider.
 */
export function openConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
}: ConfirmDialogOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      centered: true,
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: {
        confirm: confirmLabel ?? i18n.t('DIALOGS.CONFIRM'),
        cancel: cancelLabel ?? i18n.t('DIALOGS.CANCEL'),
      },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
