import { AUDIT_MASK } from '@fluxo/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { type Db, rows } from '../db/client.ts';
import type { Executor } from './tx.ts';

/**
 * The audit log's writer (docs/audit-and-notifications.md). Every successful mutating request
 * (POST/PUT/PATCH/DELETE) of a route with an audience other than `public`, every export (a GET whose
 * path has `/export`), and every security event a route notes (sign-in, failed sign-in, …) becomes one
 * row of `audit_log`: actor, organization, entity (from the route), entity id (from the path, or the id
 * a creation answers with), action, status, the names of the fields sent and, where the route or
 * service knows them, before/after values with secrets masked.
 *
 * Rows are written in batches (one INSERT per `AUDIT_FLUSH_MS` or `AUDIT_BATCH` rows) after the answer
 * went out, so a request pays for pushing an object onto an array. What a route needs written in the
 * transaction of its change goes through `insertAudit(tx, …)` instead.
 */

export interface AuditRecord {
  organizationId: string | null;
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  method: string;
  route: string;
  status: number;
  fields: string[];
  changes: Record<string, { before: unknown; after: unknown }> | null;
  requestId: string | null;
  ip: string | null;
  at?: string;
}

/** What a route or service adds to its request's record (`noteAudit`). */
export interface AuditNote {
  action?: string;
  entity?: string;
  entityId?: string | null;
  organizationId?: string | null;
  actorId?: string | null;
  changes?: Record<string, { before: unknown; after: unknown }> | null;
  /** Fields whose values are secrets whatever their names (masked like the named ones). */
  secretFields?: readonly string[];
  /** A security event: written whatever the status (a failed sign-in answers 401). */
  security?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    audit: AuditNote | null;
  }
  interface FastifyInstance {
    /** The audit log's batching writer (tests `flush()` it before reading the table). */
    auditLog: AuditWriter;
  }
}

export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Field names whose values are secrets: masked wherever they appear in recorded changes. */
const SECRET_NAME =
  /pass(word|phrase)?|secret|token|api[-_]?key|private[-_]?key|credential|authori[sz]ation|otp|^pin$|cvc|cvv|smtp[-_]?url|recovery[-_]?code/i;

export function isSecretField(name: string, explicit: readonly string[] = []): boolean {
  return SECRET_NAME.test(name) || explicit.includes(name);
}

/** A value with every secret field (by name, or listed) replaced by the mask, at any depth. */
export function maskSecrets(value: unknown, explicit: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, explicit));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
        key,
        isSecretField(key, explicit)
          ? inner === null || inner === undefined
            ? inner
            : AUDIT_MASK
          : maskSecrets(inner, explicit),
      ]),
    );
  }
  return value;
}

/** `{ field: { before, after } }` of the fields whose values differ, secrets masked. */
export function diffChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
  explicit: readonly string[] = [],
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const was = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    changes[key] = isSecretField(key, explicit)
      ? { before: was === null ? null : AUDIT_MASK, after: now === null ? null : AUDIT_MASK }
      : { before: maskSecrets(was, explicit), after: maskSecrets(now, explicit) };
  }
  return changes;
}

/** Adds to the audit record of a request (merging with what was noted before). */
export function noteAudit(request: FastifyRequest, note: AuditNote): void {
  request.audit = { ...(request.audit ?? {}), ...note };
}

/** Writes records in one statement, on a database or inside the caller's transaction. */
export async function insertAudit(executor: Executor, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  const payload = records.map((r) => ({
    at: r.at ?? new Date().toISOString(),
    organization_id: r.organizationId,
    actor_id: r.actorId,
    action: r.action,
    entity: r.entity,
    entity_id: r.entityId,
    method: r.method,
    route: r.route,
    status: r.status,
    fields: r.fields,
    changes: r.changes,
    request_id: r.requestId,
    ip: r.ip,
  }));
  await rows(
    executor as Db,
    sql`INSERT INTO audit_log (at, organization_id, actor_id, action, entity, entity_id, method, route,
                               status, fields, changes, request_id, ip)
        SELECT at, organization_id, actor_id, action, entity, entity_id, method, route, status,
               coalesce(fields, '[]'::jsonb), changes, request_id, ip
        FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS r(
          at timestamptz, organization_id uuid, actor_id uuid, action text, entity text, entity_id text,
          method text, route text, status int, fields jsonb, changes jsonb, request_id text, ip text)`,
  );
}

/** Buffers records and writes them in batches; a failed batch is kept (up to a bound) for the next. */
export class AuditWriter {
  private buffer: AuditRecord[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: { flushMs: number; batch: number; maxBuffered: number } = {
      flushMs: 200,
      batch: 500,
      maxBuffered: 50_000,
    },
  ) {}

  push(record: AuditRecord): void {
    this.buffer.push(record);
    if (this.buffer.length >= this.options.batch) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.flushMs);
      this.timer.unref();
    }
  }

  /** Writes everything buffered; resolves once it is in the table (or logged as failed). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await insertAudit(this.db, batch);
      } catch (error) {
        this.log.error(
          { err: error, records: batch.length },
          'writing the audit log failed; kept for the next batch',
        );
        if (this.buffer.length + batch.length <= this.options.maxBuffered) this.buffer.unshift(...batch);
      }
    });
    return this.writing;
  }
}

/** Where a security event is implied by the route itself. */
const ROUTE_ACTIONS: readonly [RegExp, string][] = [
  [/^\/api\/v1\/auth\/signout$/, 'signout'],
  [/\/permissions$/, 'permission.change'],
  [/\/two-factor(\/|$)|\/password(\/|$)/, 'secret.change'],
  [/\/settings(\/|$)/, 'settings.change'],
];

const METHOD_ACTIONS: Record<string, string> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/** `billing.documents` from `/api/v1/billing/documents/:id/issue`: the path's words before its first parameter. */
export function entityOf(url: string): string {
  const words: string[] = [];
  for (const segment of url.replace(/^\/api\/(v\d+\/)?/, '').split('/')) {
    if (segment.startsWith(':')) break;
    if (segment) words.push(segment);
  }
  return words.join('.') || 'api';
}

function actionOf(method: string, url: string): string {
  for (const [pattern, action] of ROUTE_ACTIONS) if (pattern.test(url)) return action;
  if (method === 'POST' && url.includes('/:')) return 'update';
  return METHOD_ACTIONS[method] ?? method.toLowerCase();
}

export function isExportRoute(method: string, url: string): boolean {
  return method === 'GET' && /\/export(\/|$)/.test(url);
}

const CREATED_ID = /"id":"([0-9a-f-]{36})"/;

/** Installs the hooks that record every audited request (see the top of this file). */
export function registerAudit(
  app: FastifyInstance,
  db: Db,
  options?: { flushMs: number; batch: number },
): AuditWriter {
  const writer = new AuditWriter(db, app.log, options ? { ...options, maxBuffered: 50_000 } : undefined);
  app.decorate('auditLog', writer);
  app.decorateRequest('audit', null);
  app.addHook('onClose', () => writer.flush());

  // A creation's id is in its answer: read from small JSON answers only (a regular expression, no parse).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'POST' || reply.statusCode >= 400 || typeof payload !== 'string') return payload;
    if (payload.length > 8192 || request.audit?.entityId !== undefined) return payload;
    const params = request.params as Record<string, unknown> | undefined;
    if (params && Object.keys(params).length > 0) return payload;
    const id = CREATED_ID.exec(payload)?.[1];
    if (id) noteAudit(request, { entityId: id });
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    const access = request.routeOptions.config.access;
    if (!url || !access) return;
    const note = request.audit;
    const method = request.method;
    const ok = reply.statusCode < 400;
    if (!note?.security) {
      if (!ok) return;
      const exporting = isExportRoute(method, url);
      if (!MUTATING_METHODS.has(method) && !exporting) return;
      // A public route records only what it notes (sign-in): nobody is accountable for the rest.
      if (access.kind === 'public' && !note) return;
    }
    const params = (request.params ?? {}) as Record<string, unknown>;
    const firstParam = Object.values(params).find((value) => typeof value === 'string') as string | undefined;
    const body = request.body;
    const fields =
      body && typeof body === 'object' && !Array.isArray(body)
        ? Object.keys(body as object).slice(0, 100)
        : [];
    writer.push({
      organizationId: note?.organizationId !== undefined ? note.organizationId : (request.org?.id ?? null),
      actorId: note?.actorId !== undefined ? note.actorId : (request.session?.userId ?? null),
      action: note?.action ?? (isExportRoute(method, url) ? 'export' : actionOf(method, url)),
      entity: note?.entity ?? entityOf(url),
      entityId:
        note?.entityId !== undefined
          ? note.entityId
          : ((params.id as string | undefined) ?? firstParam ?? null),
      method,
      route: url,
      status: reply.statusCode,
      fields,
      changes: note?.changes
        ? (maskSecrets(note.changes, note.secretFields ?? []) as AuditRecord['changes'])
        : null,
      requestId: request.id,
      ip: request.ip ?? null,
    });
  });
  return writer;
}

/** A successful sign-in (password, or its two-factor second step): a security event of the user. */
export function noteSignin(request: FastifyRequest, userId: string): void {
  noteAudit(request, {
    security: true,
    action: 'signin',
    entity: 'auth.signin',
    actorId: userId,
    entityId: userId,
  });
}

/** A failed sign-in: the e-mail tried (never the password), no actor. */
export function noteFailedSignin(request: FastifyRequest, email: string | null): void {
  noteAudit(request, {
    security: true,
    action: 'signin.failed',
    entity: 'auth.signin',
    actorId: null,
    organizationId: null,
    entityId: email,
  });
}
