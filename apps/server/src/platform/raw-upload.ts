import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
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

/** The file a raw-upload route received: its bytes and the name the browser sent. */
export function uploadedFile(request: FastifyRequest): { name: string; bytes: Buffer } {
  if (!Buffer.isBuffer(request.body))
    throw new AppError('MALFORMED_BODY', 'Send the file as the request body.');
  return { name: decodeFileNameHeader(request.headers['x-file-name']), bytes: request.body };
}

/**
 * Routes that take a file as the raw request body (photos, PDFs, attachments): `register` adds them to a
 * plugin scope whose content-type parser accepts `contentTypes` up to `maxBytes` as a Buffer, and answers
 * a larger body with FILE_TOO_LARGE. Each route also passes `{ bodyLimit: maxBytes }` to addRoute.
 */
export function registerRawUploads(
  app: FastifyInstance,
  { contentTypes, maxBytes }: { contentTypes: RegExp; maxBytes: number },
  register: (binary: FastifyInstance) => void,
): void {
  app.register(async (binary) => {
    binary.addContentTypeParser(
      contentTypes,
      { parseAs: 'buffer', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    binary.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new AppError(
          'FILE_TOO_LARGE',
          `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
        );
      throw error;
    });
    register(binary);
  });
}
