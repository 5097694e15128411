import { buildPath } from '@fluxo/domain/contract';
import { ClientError, toApiError } from '../../../lib/api/errors.ts';
import { getSelectedOrganizationId, getSession } from '../../../lib/auth/session.ts';

/** Uploads can take a while on a slow line: a generous limit, still not unbounded. */
const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface UploadInput {
  /** A contract path with `:name` parameters. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  file: Blob & { name?: string };
  /** Bytes sent so far of the total: the browser's upload progress. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file as the raw body (its name in X-File-Name, percent-encoded), with the session and the
 * organization in use like every call. XMLHttpRequest rather than fetch: only it reports the upload's
 * progress. Failures become the same ApiError the API client throws.
 */
export function uploadFile<T>({ path, params, query, file, onProgress, signal }: UploadInput): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(name, value);
    const url = buildPath(path, params) + (search.size ? `?${search}` : '');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Timeout', String(UPLOAD_TIMEOUT_MS));
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name ?? 'file'));
    const session = getSession();
    if (session) {
      xhr.setRequestHeader('Authorization', `Bearer ${session.token}`);
      const orgId = getSelectedOrganizationId();
      if (orgId) xhr.setRequestHeader('OrgId', orgId);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(toApiError(xhr.status, body, xhr.getResponseHeader('x-request-id')));
    };
    xhr.onerror = () => reject(new ClientError('NETWORK'));
    xhr.ontimeout = () => reject(new ClientError('TIMEOUT'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
