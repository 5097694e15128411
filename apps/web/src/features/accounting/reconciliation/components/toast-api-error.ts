import { showError } from '../../../../components/widgets/toasts.ts';
import { errorMessageKeyOf } from '../../../../lib/api/errors.ts';
import { i18n } from '../../../../lib/i18n/i18n.ts';

/** A failed action (confirm, reject, undo, rule) said in a toast, in the interface language. */
export function toastApiError(error: unknown): void {
  showError({ message: i18n.t(errorMessageKeyOf(error), { defaultValue: i18n.t('ERRORS.INTERNAL') }) });
}
