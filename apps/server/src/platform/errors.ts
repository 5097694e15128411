import {
  ERROR_CODES,
  type ErrorBody,
  type ErrorCode,
  errorMessageKey,
  validationIssueKey,
} from '@fluxo/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** The one error type: a stable code, its HTTP status and message key come from the domain catalogue. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: ErrorBody['details'];
  /** Sent as Retry-After (429 and 503 answers that say when to come back). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    details?: ErrorBody['details'],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message ?? code);
    this.code = code;
    this.statusCode = ERROR_CODES[code];
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** `requestId`: the request's id (also in the X-Request-Id header and its log lines), for support. */
function body(
  code: ErrorCode,
  message: string,
  requestId: string,
  details?: ErrorBody['details'],
): ErrorBody {
  return {
    code,
    messageKey: errorMessageKey(code),
    message,
    statusCode: ERROR_CODES[code],
    requestId,
    ...(details ? { details } : {}),
  };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(body(error.code, error.message, request.id, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => {
        // The zod provider puts the issue code in `keyword` and the rest of the issue in `params`.
        const issue = { code: v.keyword, ...(v.params as { format?: string }) };
        const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return {
          path: [error.validationContext, where].filter(Boolean).join('.'),
          messageKey: validationIssueKey(issue),
          message: v.message ?? 'invalid',
        };
      });
      return reply
        .status(400)
        .send(body('VALIDATION_FAILED', 'The request is not valid.', request.id, details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.status(500).send(body('INTERNAL', 'Internal error.', request.id));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(400).send(body('BODY_TOO_LARGE', 'The request body is too large.', request.id));
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH' ||
      (error.statusCode === 400 && error instanceof SyntaxError)
    ) {
      return reply.status(400).send(body('MALFORMED_BODY', 'The request body is malformed.', request.id));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(body('TOO_MANY_ATTEMPTS', 'Too many requests.', request.id));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(400).send(body('MALFORMED_BODY', error.message, request.id));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', 'Internal error.', request.id));
  });
  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`, request.id));
  });
}
