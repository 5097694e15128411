import {
  type ApiContract,
  buildPath,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResponse,
} from '@fluxo/domain/contract';
import { clearSession, getSelectedOrganizationId, getSession } from '../auth/session.ts';
import { ApiError, ClientError, toApiError } from './errors.ts';

/** Spec §9: default request timeout. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** A field is optional exactly when the contract allows leaving it out. */
type Field<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallInput<C extends ApiContract> = Field<'params', ContractParams<C>> &
  Field<'query', ContractQuery<C>> &
  Field<'body', ContractBody<C>> & {
    /** Overrides the selected organization sent as the OrgId header. */
    organizationId?: string | null;
    timeoutMs?: number;
    signal?: AbortSignal;
  };

type CallArgs<C extends ApiContract> =
  object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the API as its domain contract describes it. Sends the bearer token, the selected
 * organization (OrgId), JSON, and the timeout (spec §7); failures become an ApiError carrying the
 * server's ErrorBody. A 401 on a signed-in call ends the session, which sends the guards to sign-in.
 */
export async function apiRequest<C extends ApiContract>(
  contract: C,
  ...[input]: CallArgs<C>
): Promise<ContractResponse<C>> {
  const {
    params,
    query,
    body,
    organizationId,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    signal,
  } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    organizationId?: string | null;
    timeoutMs?: number;
    signal?: AbortSignal;
  };
  const session = getSession();
  const headers: Record<string, string> = { Accept: 'application/json', Timeout: String(timeoutMs) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (session) {
    headers.Authorization = `Bearer ${session.token}`;
    const orgId = organizationId === undefined ? getSelectedOrganizationId() : organizationId;
    if (orgId) headers.OrgId = orgId;
  }

  const timeout = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(buildPath(contract.path, params) + queryString(query), {
      method: contract.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ClientError(timeout.aborted ? 'TIMEOUT' : 'NETWORK');
  }

  const payload = await readJson(response);
  if (response.ok) return payload as ContractResponse<C>;
  if (response.status === 401 && session && getSession()?.token === session.token) clearSession();
  throw toApiError(response.status, payload);
}

export { ApiError };
