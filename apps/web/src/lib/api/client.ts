import {
  type ApiContract,
  buildPath,
  type ContractBody,
  type ContractParams,
  type ContractQuery,
  type ContractResponse,
} from '@fluxo/domain/contract';
import { clearSession, getSelectedOrganizationId, getSession } from '../auth/session.ts';
import { reportApiError } from '../errors/api-error-events.ts';
import { httpErrorAction } from '../errors/http-error-action.ts';
import { ApiError, ClientError, hasErrorBody, toApiError } from './errors.ts';

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
    /** Extra headers, e.g. the Idempotency-Key of a purchase. */
    headers?: Record<string, string>;
    /**
     * Whether the app-wide reactions of spec §8 apply (401 idle dialog, 403/402 pages, generic
     * toast). A caller that shows its own message for these answers turns them off.
     */
    appErrorHandling?: boolean;
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
 * server's ErrorBody. Spec §8's app-wide reactions (a 401 on a signed-in call opens the idle-session
 * dialog, which ends the session; 403/402 change page; bodiless errors toast) are reported to
 * lib/errors, which the root layout listens to.
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
    headers: extraHeaders,
    appErrorHandling = true,
  } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
    organizationId?: string | null;
    timeoutMs?: number;
    signal?: AbortSignal;
    headers?: Record<string, string>;
    appErrorHandling?: boolean;
  };
  const session = getSession();
  const headers: Record<string, string> = {
    ...extraHeaders,
    Accept: 'application/json',
    Timeout: String(timeoutMs),
  };
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
  const sessionStillCurrent = !!session && getSession()?.token === session.token;
  const action = httpErrorAction({
    status: response.status,
    hasErrorBody: hasErrorBody(payload),
    signedIn: sessionStillCurrent,
    code: hasErrorBody(payload) ? (payload as { code: string }).code : undefined,
  });
  const error = toApiError(response.status, payload, response.headers.get('x-request-id'));
  const handled =
    appErrorHandling &&
    action !== 'none' &&
    reportApiError({ action, status: response.status, requestId: error.requestId });
  // Without the idle-session dialog (nothing mounted yet) the session simply ends.
  if (action === 'idle' && !handled) clearSession();
  throw error;
}

export { ApiError };
