import { ApiErrorMessage } from '../../../../components/api-error-message.tsx';
import { showError } from '../../../../components/widgets/toasts.ts';

/** A failed call as a toast, in the user's language with its reference. */
export function toastError(error: unknown): void {
  showError({ message: <ApiErrorMessage error={error} /> });
}
