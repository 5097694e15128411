import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../platform/errors.ts';

// A statement arrives as the request body and is written to a temporary file as it comes: the parsers
// then stream it from disk, so a 64 MB file never sits in memory whole.

export interface SpooledFile {
  path: string;
  size: number;
  sha256: string;
  /** The first bytes, for format detection. */
  head: Buffer;
  remove(): Promise<void>;
}

const HEAD_BYTES = 64 * 1024;

function tooLarge(limit: number): AppError {
  return new AppError('FILE_TOO_LARGE', `The file is larger than ${Math.round(limit / (1024 * 1024))} MB.`);
}

/** Writes the body to `<dataDir>/tmp/imports/<uuid>`, refusing it past `limit` bytes. */
export async function spoolBody(body: unknown, dataDir: string, limit: number): Promise<SpooledFile> {
  const source = toReadable(body);
  const directory = path.join(dataDir, 'tmp', 'imports');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(tooLarge(limit));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const remove = () => rm(file, { force: true });
  try {
    await pipeline(source, counter, createWriteStream(file));
  } catch (error) {
    await remove();
    if (error instanceof AppError) throw error;
    throw new AppError('MALFORMED_BODY', 'The file could not be received.');
  }
  const handle = await open(file, 'r');
  const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  return { path: file, size, sha256: hash.digest('hex'), head, remove };
}

function toReadable(body: unknown): Readable | Buffer[] {
  if (Buffer.isBuffer(body)) return [body];
  if (typeof body === 'string') return [Buffer.from(body, 'utf8')];
  if (body && typeof (body as Readable).pipe === 'function') return body as Readable;
  throw new AppError('MALFORMED_BODY', 'Send the statement file as the request body.');
}
