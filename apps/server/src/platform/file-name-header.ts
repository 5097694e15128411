import { AppError } from './errors.ts';

/**
 * The `X-File-Name` header of a raw upload: the browser percent-encodes the name (headers carry no
 * UTF-8), so it is decoded here, and a malformed encoding is the caller's mistake, not a 500.
 */
export function decodeFileNameHeader(value: string | string[] | undefined): string {
  try {
    return decodeURIComponent(String(value ?? ''));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The file name is not valid percent-encoding.', [
      {
        path: 'headers.x-file-name',
        messageKey: 'VALIDATION.INVALID',
        message: 'Not valid percent-encoding.',
      },
    ]);
  }
}
