/**
 * The error catalogue shared by server and web: a stable code, the HTTP status it maps to, and the
 * i18n key (under ERRORS.) the client shows.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  BODY_TOO_LARGE: 400,
  MALFORMED_BODY: 400,
  // Refused by the input guard before any route sees them (apps/server/src/platform/input-guard.ts)
  INVALID_CHARACTERS: 400,
  VALUE_TOO_LARGE: 400,
  NESTING_TOO_DEEP: 400,
  UNKNOWN_INSTITUTION: 400,
  AUTH_TYPE_NOT_SUPPORTED: 400,
  INVALID_PASSWORD_ENCRYPTION: 400,
  INVALID_VALIDATION_CODE: 400,
  ORGANIZATION_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  ORGANIZATION_LOCKED: 402,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  OWNER_ONLY: 403,
  SELF_ONLY: 403,
  NOT_FOUND: 404,
  FILE_TOO_LARGE: 400,
  FILE_TYPE_NOT_ALLOWED: 400,
  TOO_MANY_FILES: 400,
  EMAIL_TAKEN: 409,
  VAT_NUMBER_TAKEN: 409,
  ALREADY_VALIDATED: 409,
  OWNER_CANNOT_LEAVE: 409,
  /** The typed VAT number (or owner's e-mail) does not match the organization being removed. */
  REMOVAL_NOT_CONFIRMED: 400,
  /** The country or fiscal-year start cannot change once the accounting has started. */
  FISCAL_SETTINGS_LOCKED: 409,
  CONNECTION_LIMIT_REACHED: 409,
  CONNECTION_NOT_AWAITING_AUTHENTICATION: 409,
  CONNECTION_AUTH_TYPE_MISMATCH: 409,
  TWO_FACTOR_TIMEOUT: 409,
  ORGANIZATION_LIMIT_REACHED: 409,
  TOO_MANY_ATTEMPTS: 429,
  // Two-factor sign-in
  INVALID_TWO_FACTOR_CODE: 400,
  TWO_FACTOR_TOKEN_INVALID: 401,
  TWO_FACTOR_REQUIRED: 403,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  // Subscriptions, add-ons, payments, billing addresses and tax
  NO_SUBSCRIPTION: 404,
  UNKNOWN_ADDON: 400,
  ADDON_NOT_IN_PLAN: 403,
  ADDON_MAXIMUM_REACHED: 409,
  CLIENT_PRICE_REFUSED: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  NOT_ON_TRIAL: 409,
  INVALID_SUBSCRIPTION_TRANSITION: 409,
  PLAN_NOT_AVAILABLE: 400,
  PAYMENT_NOT_PAYABLE: 409,
  PAYMENT_METHOD_UNAVAILABLE: 400,
  INVALID_IBAN: 400,
  INVALID_POSTAL_CODE: 400,
  INVALID_VAT_NUMBER: 400,
  NOT_ENOUGH_CREDITS: 409,
  INVALID_WEBHOOK_SIGNATURE: 400,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  // Treasury
  STATEMENT_REJECTED: 422,
  STATEMENT_FORMAT_UNKNOWN: 400,
  IMPORT_MAPPING_REQUIRED: 400,
  ACCOUNT_ARCHIVED: 409,
  CURRENCY_MISMATCH: 409,
  MANUAL_MOVEMENTS_ONLY: 409,
  SPLIT_MISMATCH: 400,
  TRANSFER_NOT_POSSIBLE: 409,
  EXPORT_TOO_LARGE: 422,
  FEATURE_DISABLED: 403,
  AGGREGATOR_NOT_CONFIGURED: 409,
  BANK_PROVIDER_UNAVAILABLE: 502,
  CONSENT_EXPIRED: 409,
  CATEGORY_KIND_MISMATCH: 400,
  NAME_TAKEN: 409,
  // Billing (invoicing of the organizations' own customers)
  SERIES_ALREADY_REGISTERED: 409,
  SERIES_CLOSED: 409,
  SERIES_NOT_REGISTERED: 409,
  DOCUMENT_ALREADY_ISSUED: 409,
  DOCUMENT_NOT_ISSUED: 409,
  DOCUMENT_ALREADY_CANCELLED: 409,
  DOCUMENT_HAS_PAYMENTS: 409,
  DOCUMENT_DATE_BEFORE_LAST: 409,
  DOCUMENT_DATE_IN_FUTURE: 409,
  // SAF-T export (issue 12 basis F; issue 13 adds the others)
  SAFT_PERIOD_INVALID: 400,
  SAFT_ORGANIZATION_INCOMPLETE: 409,
  SAFT_COUNTRY_NOT_SUPPORTED: 409,
  EXEMPTION_REQUIRED: 400,
  SCHEDULE_RULE_INVALID: 400,
  SCHEDULE_HAS_RUNS: 409,
  SCHEDULE_ALREADY_RAN: 409,
  SCHEDULE_ENDED: 409,
  /** VIES did not answer a tax-number lookup: a dependency failed, not Fluxo (so never a 5xx). */
  VIES_UNAVAILABLE: 424,
  EXCHANGE_RATE_UNAVAILABLE: 409,
  CREDIT_EXCEEDS_REMAINING: 409,
  DOCUMENT_ALREADY_INVOICED: 409,
  RECEIPT_SERIES_MISSING: 409,
  PAYMENT_ALLOCATIONS_MISMATCH: 400,
  PAYMENT_EXCEEDS_OPEN_AMOUNT: 409,
  PAYMENT_TARGET_NOT_PAYABLE: 409,
  PAYMENT_DATE_IN_FUTURE: 409,
  PAYMENT_ALREADY_CANCELLED: 409,
  MOVEMENT_NOT_USABLE: 409,
  PARTY_EMAIL_MISSING: 400,
  NOTHING_TO_REMIND: 409,
  // Supplier documents (purchases)
  QR_CODE_INVALID: 400,
  PURCHASE_TOTALS_MISMATCH: 400,
  PURCHASE_DUPLICATE: 409,
  PARTY_NOT_SUPPLIER: 409,
  PURCHASE_HAS_PAYMENTS: 409,
  POS_BATCH_DUPLICATE: 409,
  POS_SETTLEMENT_NOT_POSSIBLE: 409,
  // Accounting (the journal)
  ENTRY_UNBALANCED: 400,
  ACCOUNT_NOT_POSTABLE: 400,
  PERIOD_LOCKED: 409,
  ENTRY_ALREADY_REVERSED: 409,
  // Accounting (statements)
  STATEMENT_PERIOD_INVALID: 400,
  STATEMENT_ACCOUNT_UNKNOWN: 404,
  // SAF-T accounting export (TaxAccountingBasis C and I)
  SAFT_TAXONOMY_MISSING: 409,
  // SAF-T import
  SAFT_IMPORT_FILE_MISSING: 400,
  SAFT_PUBLIC_KEY_INVALID: 400,
  SAFT_IMPORT_NOT_AWAITING: 409,
  /** Onboarding from a SAF-T: its header does not name the company (CompanyName, TaxRegistrationNumber). */
  SAFT_ONBOARDING_HEADER: 400,
  // Accounting (bank reconciliation)
  RECONCILIATION_UNBALANCED: 400,
  RECONCILIATION_NOT_OPEN: 409,
  RECONCILIATION_WRITE_OFF_TOO_LARGE: 400,
  RECONCILIATION_ALREADY_UNDONE: 409,
  ACCOUNT_HAS_ENTRIES: 409,
  ACCOUNT_CODE_TAKEN: 409,
  ACCOUNT_IS_SYSTEM: 409,
  ENTRY_PERIOD_MISMATCH: 400,
  // Audit log and notifications
  NOTIFICATION_NOT_FOUND: 404,
  DUPLICATE_NOTIFICATION_KIND: 400,
  AUDIT_EXPORT_TOO_LARGE: 400,
  INTERNAL: 500,
  SERVER_BUSY: 503,
  // Teams: members, permissions and invitations
  INVITATION_INVALID: 410,
  INVITATION_EMAIL_MISMATCH: 403,
  ALREADY_MEMBER: 409,
  GRANT_BEYOND_OWN: 403,
  OWNER_PROTECTED: 403,
  // Plugins (integrations)
  PLUGIN_NOT_CONFIGURED: 409,
  // Data export
  DATA_EXPORT_IN_PROGRESS: 409,
  DATA_EXPORT_NOT_READY: 409,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export function errorMessageKey(code: ErrorCode): string {
  return `ERRORS.${code}`;
}

/**
 * The VALIDATION.* message key of a zod issue: the server puts it in an error's details and the web
 * forms show it, so a message reads the same whichever side found the problem.
 */
export function validationIssueKey(issue: { code: string; format?: string }): string {
  if (issue.code === 'invalid_type') return 'VALIDATION.INVALID_TYPE';
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'VALIDATION.EMAIL';
  if (issue.code === 'too_small') return 'VALIDATION.TOO_SMALL';
  if (issue.code === 'too_big') return 'VALIDATION.TOO_BIG';
  if (issue.code === 'invalid_value') return 'VALIDATION.INVALID_VALUE';
  if (issue.code === 'unrecognized_keys') return 'VALIDATION.UNKNOWN_FIELD';
  return 'VALIDATION.INVALID';
}

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  messageKey: string;
  message: string;
  statusCode: number;
  /** The request's id (as in its X-Request-Id header and log lines): what a user quotes to support. */
  requestId?: string;
  details?: { path: string; messageKey: string; message: string }[];
}
