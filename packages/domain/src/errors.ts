/**
 * The error catalogue shared by server and web: a stable code, the HTTP status it maps to, and the
 * i18n key (under ERRORS.) the client shows.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  BODY_TOO_LARGE: 400,
  MALFORMED_BODY: 400,
  INVALID_PASSWORD_ENCRYPTION: 400,
  INVALID_VALIDATION_CODE: 400,
  ORGANIZATION_REQUIRED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  ORGANIZATION_LOCKED: 402,
  FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  VAT_NUMBER_TAKEN: 409,
  ALREADY_VALIDATED: 409,
  OWNER_CANNOT_LEAVE: 409,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export function errorMessageKey(code: ErrorCode): string {
  return `ERRORS.${code}`;
}

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  messageKey: string;
  message: string;
  statusCode: number;
  details?: { path: string; messageKey: string; message: string }[];
}
