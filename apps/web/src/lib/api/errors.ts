import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@fluxo/domain/errors';

/** Failures the client detects itself, before or instead of a server answer. */
export const CLIENT_ERROR_CODES = ['NETWORK', 'TIMEOUT', 'ENCRYPTION_UNAVAILABLE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export type ApiErrorCode = ErrorCode | ClientErrorCode;
export type ApiErrorDetail = NonNullable<ErrorBody['details']>[number];

/** A failed call: the server's ErrorBody, or one the client made for a failure it saw itself. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly messageKey: string;
  readonly details: ApiErrorDetail[];
  /** The server's id for the request (its X-Request-Id): what the user quotes to support. */
  readonly requestId: string | null;

  constructor(
    status: number,
    body: {
      code: ApiErrorCode;
      messageKey: string;
      message: string;
      details?: ApiErrorDetail[];
      requestId?: string | null;
    },
  ) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.messageKey = body.messageKey;
    this.details = body.details ?? [];
    this.requestId = body.requestId ?? null;
  }
}

export class ClientError extends ApiError {
  constructor(code: ClientErrorCode) {
    super(0, { code, messageKey: `ERRORS.${code}`, message: code });
    this.name = 'ClientError';
  }
}

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** Whether an answer's body is the server's ErrorBody. */
export function hasErrorBody(body: unknown): boolean {
  return !!body && typeof body === 'object' && isErrorCode((body as Partial<ErrorBody>).code);
}

/** A request id as the server makes or accepts them (its X-Request-Id), shown to the user as is. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
function requestIdFrom(...candidates: unknown[]): string | null {
  const found = candidates.find((c): c is string => typeof c === 'string' && REQUEST_ID.test(c));
  return found ?? null;
}

/**
 * Reads an error answer; a body that is not the server's ErrorBody becomes a generic INTERNAL. The
 * request id comes from the body, else from the answer's X-Request-Id header (`headerRequestId`).
 */
export function toApiError(status: number, body: unknown, headerRequestId?: string | null): ApiError {
  if (body && typeof body === 'object') {
    const candidate = body as Partial<ErrorBody>;
    if (isErrorCode(candidate.code)) {
      return new ApiError(status, {
        code: candidate.code,
        messageKey:
          typeof candidate.messageKey === 'string' ? candidate.messageKey : `ERRORS.${candidate.code}`,
        message: typeof candidate.message === 'string' ? candidate.message : candidate.code,
        details: Array.isArray(candidate.details) ? candidate.details : [],
        requestId: requestIdFrom(candidate.requestId, headerRequestId),
      });
    }
  }
  return new ApiError(status, {
    code: 'INTERNAL',
    messageKey: 'ERRORS.INTERNAL',
    message: `HTTP ${status}`,
    requestId: requestIdFrom(headerRequestId),
  });
}

/**
 * The reference to show with a failed call: the server's request id when the failure is the server's
 * (5xx) — what a user quotes to support. Answers the user can act on (a wrong password, a field to fix)
 * and failures the client saw itself (no answer, no id) show none.
 */
export function errorReferenceOf(error: unknown): string | null {
  return error instanceof ApiError && error.status >= 500 ? error.requestId : null;
}

/** The i18n key to show for any failure. */
export function errorMessageKeyOf(error: unknown): string {
  return error instanceof ApiError ? error.messageKey : 'ERRORS.INTERNAL';
}

/**
 * Field errors of a VALIDATION_FAILED answer, keyed by the form field (`body.email` → `email`),
 * as i18n keys.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    const field = detail.path.replace(/^(body|query|params)\.?/, '');
    if (field && !errors[field]) errors[field] = detail.messageKey;
  }
  return errors;
}
