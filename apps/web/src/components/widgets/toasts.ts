import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** Spec §9: toasts last 4 s at the bottom right (the container is mounted by the signed-in layout). */
export const TOAST_MS = 4000;
export const TOAST_POSITION = 'bottom-right' as const;

interface Toast {
  title?: ReactNode;
  message: ReactNode;
}

export function showSuccess({ title, message }: Toast): void {
  notifications.show({ color: 'teal', title, message, autoClose: TOAST_MS });
}

export function showWarning({ title, message }: Toast): void {
  notifications.show({ color: 'yellow', title, message, autoClose: TOAST_MS });
}

export function showError({ title, message }: Toast): void {
  notifications.show({ color: 'red', title, message, autoClose: TOAST_MS });
}
