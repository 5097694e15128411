import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { i18n } from '../../lib/i18n/i18n.ts';

/** Spec §9: toasts last 4 s at the bottom right (the container is mounted by the signed-in layout). */
export const TOAST_MS = 4000;
export const TOAST_POSITION = 'bottom-right' as const;

/** The close button needs a name: screen readers announce it, and tests find it by it. */
const closeButtonProps = () => ({ 'aria-label': i18n.t('COMMON.CLOSE') });

interface Toast {
  title?: ReactNode;
  message: ReactNode;
}

export function showSuccess({ title, message }: Toast): void {
  notifications.show({
    color: 'teal',
    title,
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

export function showWarning({ title, message }: Toast): void {
  notifications.show({
    color: 'yellow',
    title,
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}

export function showError({ title, message }: Toast): void {
  notifications.show({
    color: 'red',
    title,
    message,
    autoClose: TOAST_MS,
    closeButtonProps: closeButtonProps(),
  });
}
