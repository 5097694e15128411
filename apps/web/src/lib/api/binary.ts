import { type ApiContract, buildPath } from '@fluxo/domain/contract';
import { getSelectedOrganizationId, getSession } from '../auth/session.ts';
import { DEFAULT_TIMEOUT_MS } from './client.ts';
import { ClientError, toApiError } from './errors.ts';

/*
 * Calls whose body or answer is a file rather than JSON: an upload sent as the raw body (its name in
 * X-File-Name), and a download read as a Blob. They carry the same bearer token and OrgId as every
 * other call, which a bare <a href> or <img src> could not: files are fetched, then shown or saved.
 */

interface BinaryInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Overrides the selected organization sent as the OrgId header. */
  organizationId?: string;
}

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function send(contract: ApiContract, input: BinaryInput, init: RequestInit): Promise<Response> {
  const session = getSession();
  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers = new Headers(init.headers);
  headers.set('Timeout', String(timeoutMs));
  if (session) {
    headers.set('Authorization', `Bearer ${session.token}`);
    const orgId = input.organizationId ?? getSelectedOrganizationId();
    if (orgId) headers.set('OrgId', orgId);
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(buildPath(contract.path, input.params) + queryString(input.query), {
      ...init,
      method: contract.method,
      headers,
      signal: input.signal ? AbortSignal.any([input.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (input.signal?.aborted) throw error;
    throw new ClientError(timeout.aborted ? 'TIMEOUT' : 'NETWORK');
  }
  if (response.ok) return response;
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  throw toApiError(response.status, payload, response.headers.get('x-request-id'));
}

/** A file the API answers, with the name its Content-Disposition gives (else `fallbackName`). */
export async function apiDownload(
  contract: ApiContract,
  input: BinaryInput,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(contract, input, { headers: { Accept: '*/*' } });
  const disposition = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  let fileName = fallbackName;
  try {
    fileName = encoded ? decodeURIComponent(encoded) : (plain ?? fallbackName);
  } catch {
    fileName = plain ?? fallbackName;
  }
  return { blob: await response.blob(), fileName };
}

/** Sends a file as the raw body of a call and reads its JSON answer. */
export async function apiUpload<T>(
  contract: ApiContract,
  input: BinaryInput,
  file: File | Blob,
  fileName: string,
) {
  const response = await send(contract, input, {
    headers: {
      Accept: 'application/json',
      'Content-Type': file.type || 'application/octet-stream',
      'X-File-Name': encodeURIComponent(fileName),
    },
    body: file,
  });
  return (await response.json()) as T;
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by the next task; the URL is not needed after that.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Sends a multipart form (files and text fields) and reads its JSON answer. */
export async function apiUploadForm<T>(
  contract: ApiContract,
  input: BinaryInput,
  form: FormData,
): Promise<T> {
  const response = await send(contract, input, { headers: { Accept: 'application/json' }, body: form });
  return (await response.json()) as T;
}
