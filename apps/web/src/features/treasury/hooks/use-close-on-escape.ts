import { useModals } from '@mantine/modals';

/**
 * Mantine closes every open overlay on Escape (each listens on the window). A drawer or sheet that
 * opens confirm dialogs from inside passes this to `closeOnEscape`, so Escape closes the dialog only.
 */
export function useCloseOnEscape(): boolean {
  return useModals().modals.length === 0;
}
