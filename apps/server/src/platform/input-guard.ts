import { Readable } from 'node:stream';
import { type ErrorCode, errorMessageKey } from '@fluxo/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { isUuid } from './guard.ts';

/**
 * Ceilings every request obeys whatever its route's contract says. The contracts set the real bounds
 * of each field; these catch what a contract forgot, before it reaches the database (PostgreSQL
 * refuses NUL in text and jsonb, an index refuses long keys, a bigint column refuses 2^63).
 */
export const INPUT_LIMITS = {
  /** Longest string, in UTF-16 code units: above the largest field a contract allows (a 16 KiB setting). */
  maxStringLength: 20_000,
  /** Deepest nesting of objects and arrays (the body itself is depth 1). */
  maxDepth: 32,
  /** Numbers beyond ±(2^53 − 1) lose precision in JavaScript and overflow most columns. */
  maxNumber: Number.MAX_SAFE_INTEGER,
} as const;

/** A lone (unpaired) UTF-16 surrogate: it has no UTF-8 form, so it cannot be stored as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface InputProblem {
  code: Extract<ErrorCode, 'INVALID_CHARACTERS' | 'VALUE_TOO_LARGE' | 'NESTING_TOO_DEEP'>;
  path: string;
  message: string;
}

function stringProblem(value: string, path: string): InputProblem | null {
  if (value.includes('\u0000'))
    return { code: 'INVALID_CHARACTERS', path, message: 'The text holds a NUL character.' };
  if (LONE_SURROGATE.test(value))
    return { code: 'INVALID_CHARACTERS', path, message: 'The text holds an unpaired surrogate.' };
  if (value.length > INPUT_LIMITS.maxStringLength)
    return {
      code: 'VALUE_TOO_LARGE',
      path,
      message: `The text is longer than ${INPUT_LIMITS.maxStringLength} characters.`,
    };
  return null;
}

/**
 * A raw body: a Buffer, or the request stream a route reads itself (statement uploads spooled to disk).
 * A real HTTP request stream holds its socket and server, far deeper than any ceiling: never walked.
 */
function isRawBody(value: object): boolean {
  return Buffer.isBuffer(value) || value instanceof Readable;
}

/**
 * The first thing in `value` no route may receive: a NUL character or an unpaired surrogate in a
 * string or a key, a string above the length ceiling, a number that is not a safe integer's size,
 * or nesting deeper than the ceiling. Iterative, so a hostile depth cannot exhaust the stack.
 */
export function findInputProblem(value: unknown, root: string): InputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const current = item.value;
    if (typeof current === 'string') {
      const problem = stringProblem(current, item.path);
      if (problem) return problem;
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current) || Math.abs(current) > INPUT_LIMITS.maxNumber)
        return { code: 'VALUE_TOO_LARGE', path: item.path, message: 'The number is too large.' };
    } else if (typeof current === 'bigint') {
      return { code: 'VALUE_TOO_LARGE', path: item.path, message: 'The number is too large.' };
    } else if (current !== null && typeof current === 'object' && !isRawBody(current)) {
      const depth = item.depth + 1;
      if (depth > INPUT_LIMITS.maxDepth)
        return {
          code: 'NESTING_TOO_DEEP',
          path: item.path,
          message: `Objects and arrays nest deeper than ${INPUT_LIMITS.maxDepth} levels.`,
        };
      for (const [key, child] of Object.entries(current)) {
        const path = item.path ? `${item.path}.${key}` : key;
        const keyProblem = stringProblem(key, path);
        if (keyProblem) return keyProblem;
        stack.push({ value: child, path, depth });
      }
    }
  }
  return null;
}

function refuse(problem: InputProblem): AppError {
  return new AppError(problem.code, problem.message, [
    { path: problem.path, messageKey: errorMessageKey(problem.code), message: problem.message },
  ]);
}

/** The request's parts a handler reads, checked once for every route before its schema runs. */
export function checkRequestInput(request: FastifyRequest): void {
  for (const [part, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const problem = findInputProblem(value, part);
    if (problem) throw refuse(problem);
  }
  // Routes that take the organization from the OrgId header query the database with it.
  const orgId = request.headers.orgid;
  if (orgId !== undefined && orgId !== '' && !isUuid(orgId)) {
    throw new AppError('VALIDATION_FAILED', 'The OrgId header is not an organization id.', [
      { path: 'headers.orgid', messageKey: 'VALIDATION.INVALID', message: 'Expected a UUID.' },
    ]);
  }
}

/**
 * One guard for every route's input: it runs after the body is parsed and before the route's schema
 * validates it (so before any handler or query), and refuses with 400 what no contract may let
 * through. Raw bodies (Buffers: uploads, signed webhooks; streams: statement imports) are the route's
 * own business.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequestInput(request));
}
