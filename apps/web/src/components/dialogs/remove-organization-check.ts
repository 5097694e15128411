/** Spec §5: a plain `name@domain.tld` address without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type RemovalConfirmation = { kind: 'vat'; vatNumber: string } | { kind: 'email'; ownerEmail: string };

/** What the user must type, compared without case or inner spaces for a VAT number. */
function normalizeVat(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * Spec §5 "Organization removal": by VAT number, empty → the empty error, different → the invalid
 * error; by the owner's e-mail, empty → the empty error, otherwise it must be a valid e-mail equal
 * to the owner's, else the custom message. Answers an i18n key, or null when the removal may go on.
 */
export function removalProblem(value: string, expected: RemovalConfirmation): string | null {
  const typed = value.trim();
  if (expected.kind === 'vat') {
    if (!typed) return 'DIALOGS.REMOVE_ORGANIZATION.VAT_EMPTY';
    return normalizeVat(typed) === normalizeVat(expected.vatNumber)
      ? null
      : 'DIALOGS.REMOVE_ORGANIZATION.VAT_INVALID';
  }
  if (!typed) return 'DIALOGS.REMOVE_ORGANIZATION.EMAIL_EMPTY';
  if (!EMAIL.test(typed) || typed.toLowerCase() !== expected.ownerEmail.trim().toLowerCase()) {
    return 'DIALOGS.REMOVE_ORGANIZATION.EMAIL_MISMATCH';
  }
  return null;
}
