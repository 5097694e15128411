import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from './db/client.ts';
import type { RouteEntry } from './platform/guard.ts';
import {
  CONTENT_TYPES,
  encodeSegment,
  type FuzzContext,
  NASTY_BODY_TEXTS,
  NASTY_SEGMENTS,
  type OpenApiDocument,
  type OpenApiOperation,
  openApiPath,
  pathParamNames,
  SWEEP_VALUES,
  schemaArbitrary,
} from './test/api-fuzz-kit.ts';
import { createTestApp, decodeClaims, TEST_DATABASE_KIND, type TestApp } from './test/harness.ts';

/**
 * The API fuzz test: every route of the route table (hidden ones too, so a new route is fuzzed the day
 * it is registered), with path parameters, query and body drawn from its OpenAPI schemas and from
 * values that have broken servers before, called by the demo organization's owner, a member without
 * the permission, a signed-in stranger, nobody, and (for Admin routes) an Admin. It asserts that no
 * answer is a 5xx, none shows a stack trace or SQL, and none holds an organization the caller does not
 * belong to. Seeded: FUZZ_SEED replays a run, FUZZ_ROUTE narrows it to the routes whose
 * "METHOD /url" contains the text, FUZZ_RUNS multiplies the number of requests.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const ROUTE_FILTER = process.env.FUZZ_ROUTE;
const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);

/**
 * Routes that end the session or the fixture for whatever comes after them; each caller's phase runs
 * them after every other route, in this order, so they are fuzzed too without starving the rest.
 */
const RUN_LAST = [
  // A member leaving the demo organization loses every permission the later routes would test.
  'DELETE /api/v1/organizations/:id/leave',
  // The owner may delete the demo organization the other routes are called on.
  'DELETE /api/v1/organizations/:id',
  // Revokes the caller's session: every later request of that caller would be a 401.
  'POST /api/v1/auth/signout',
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Text no answer may show: a stack frame, a module path, SQL or a database error. */
const INTERNALS: [string, RegExp][] = [
  ['stack frame', /\bat [^\s()]+ \([^()\s]*:\d+:\d+\)|\bat (file:\/\/|\/)[^\s]*:\d+:\d+/],
  ['module path', /node_modules|\/src\/[\w/-]+\.ts\b/],
  ['SQL', /\bSELECT\b[^"]{0,200}\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|\bDELETE FROM\b|Failed query/],
  [
    'database error',
    /syntax error at|relation "|violates [\w -]*constraint|invalid input syntax for|duplicate key value|out of range for type|invalid byte sequence|unsupported Unicode escape/i,
  ],
];

interface Marker {
  /** Which organization and field, for the failure message. */
  label: string;
  text: string;
}

interface Caller {
  name: 'anonymous' | 'stranger' | 'member' | 'admin' | 'owner';
  token?: string;
  email?: string;
  userId?: string;
  orgId: string;
  runs: number;
  /** Also sweep every field with every nasty value (see sweepRequests). */
  sweep?: boolean;
  /** Routes this caller fuzzes (the Admin only the Admin routes: the owner covers the rest). */
  fuzzes(route: RouteEntry): boolean;
  /** Organizations' data this caller must never see: those they are not a member of. */
  foreign: Marker[];
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function routeKey(route: RouteEntry): string {
  return `${route.method} ${route.url}`;
}

/** One seed per (caller, route) from the run's seed, so adding a route does not reshuffle the others. */
function routeSeed(caller: string, route: RouteEntry): number {
  return createHash('sha256')
    .update(`${SEED}:${caller}:${routeKey(route)}`)
    .digest()
    .readInt32LE(0);
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value) ?? '';
}

function requestArbitrary(
  route: RouteEntry,
  operation: OpenApiOperation | undefined,
  shared: Omit<FuzzContext, 'preferredIds'>,
  caller: Caller,
) {
  const context: FuzzContext = {
    ...shared,
    preferredIds: [caller.orgId, ...(caller.userId ? [caller.userId] : [])],
  };
  const parameters = operation?.parameters ?? [];
  const pathSchema = (name: string) => parameters.find((p) => p.in === 'path' && p.name === name)?.schema;

  const segments = fc.tuple(
    ...pathParamNames(route.url).map((name) =>
      fc.oneof(
        // The caller's own organization or user first: most path ids name one of those.
        { weight: 4, arbitrary: fc.constantFrom(...context.preferredIds) },
        {
          weight: 3,
          arbitrary: schemaArbitrary(pathSchema(name), context, false).map((v) => encodeSegment(text(v))),
        },
        { weight: 1, arbitrary: fc.constantFrom(...context.ids) },
        { weight: 2, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
      ),
    ),
  );

  const queryParameters = parameters.filter((p) => p.in === 'query');
  const queryValue = (schema: Parameters<typeof schemaArbitrary>[0]) =>
    fc.oneof(
      { weight: 4, arbitrary: schemaArbitrary(schema, context, false).map((v) => encodeSegment(text(v))) },
      { weight: 2, arbitrary: schemaArbitrary(schema, context, true).map((v) => encodeSegment(text(v))) },
      { weight: 1, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
    );
  const query = fc.tuple(
    fc.tuple(
      ...queryParameters.map((p) =>
        fc.oneof(
          { weight: 6, arbitrary: queryValue(p.schema).map((v) => [`${p.name}=${v}`]) },
          { weight: 1, arbitrary: fc.constant([] as string[]) },
          // The same key twice: the parser hands the route an array.
          {
            weight: 1,
            arbitrary: fc
              .tuple(queryValue(p.schema), queryValue(p.schema))
              .map(([a, b]) => [`${p.name}=${a}`, `${p.name}=${b}`]),
          },
        ),
      ),
    ),
    fc.option(fc.constantFrom('unknown=1', 'a[b]=1', '%00=%00', `x=${'y'.repeat(5_000)}`, '='), { freq: 5 }),
  );

  const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = BODY_METHODS.has(route.method)
    ? fc.oneof(
        // Fits the contract: the handler runs (and meets the database).
        {
          weight: 5,
          arbitrary: schemaArbitrary(bodySchema, context, false).map((v) => ({
            payload: text(v),
            contentType: 'application/json',
          })),
        },
        // Nasty values here and there: the guards run.
        {
          weight: 5,
          arbitrary: schemaArbitrary(bodySchema, context, true).map((v) => ({
            payload: text(v),
            contentType: 'application/json',
          })),
        },
        {
          weight: 2,
          arbitrary: fc
            .constantFrom(...NASTY_BODY_TEXTS)
            .map((payload) => ({ payload, contentType: 'application/json' })),
        },
        {
          weight: 1,
          arbitrary: fc
            .tuple(schemaArbitrary(bodySchema, context, false), fc.constantFrom(...CONTENT_TYPES))
            .map(([v, contentType]) => ({ payload: text(v), contentType })),
        },
        { weight: 1, arbitrary: fc.constant({}) },
      )
    : fc.constant({});

  const orgId = fc.oneof(
    { weight: 8, arbitrary: fc.constant(caller.orgId) },
    { weight: 1, arbitrary: fc.constantFrom(...context.ids) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', 'not-a-uuid', '1', 'x'.repeat(300), `${caller.orgId},${caller.orgId}`),
    },
  );

  return fc
    .record({ segments, query, body, orgId, idempotencyKey: fc.option(fc.uuid(), { freq: 3 }) })
    .map(({ segments, query, body, orgId, idempotencyKey }): FuzzRequest => {
      let i = 0;
      const path = route.url.replace(/:[A-Za-z0-9_]+|\*/g, () => segments[i++] ?? '');
      const pairs = [...query[0].flat(), ...(query[1] ? [query[1]] : [])];
      const headers: Record<string, string> = {};
      if (caller.token) headers.authorization = `Bearer ${caller.token}`;
      if (orgId) headers.orgid = orgId;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      if (body.contentType) headers['content-type'] = body.contentType;
      return {
        method: route.method,
        url: pairs.length ? `${path}?${pairs.join('&')}` : path,
        headers,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
      };
    });
}

/**
 * The sweep: one request per field and value of SWEEP_VALUES (per path parameter and NASTY_SEGMENTS),
 * every other part as in a plain request, so that each field meets each nasty value at least once
 * whatever the random draws did.
 */
function sweepRequests(
  route: RouteEntry,
  operation: OpenApiOperation | undefined,
  shared: Omit<FuzzContext, 'preferredIds'>,
  caller: Caller,
  seed: number,
): FuzzRequest[] {
  const context: FuzzContext = { ...shared, preferredIds: [caller.orgId] };
  const parameters = operation?.parameters ?? [];
  const names = pathParamNames(route.url);
  const segments = names.map(() => caller.orgId);
  const pathOf = (values: string[]) => {
    let i = 0;
    return route.url.replace(/:[A-Za-z0-9_]+|\*/g, () => values[i++] ?? '');
  };
  // One plain, fitting value for each query parameter and for the body.
  const [plainQuery, plainBody] = fc.sample(
    fc.tuple(
      fc.tuple(
        ...parameters.filter((p) => p.in === 'query').map((p) => schemaArbitrary(p.schema, context, false)),
      ),
      schemaArbitrary(operation?.requestBody?.content?.['application/json']?.schema, context, false),
    ),
    { seed, numRuns: 1 },
  )[0]!;
  const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const queryOf = (values: unknown[]) =>
    queryNames.map((name, i) => `${name}=${encodeSegment(text(values[i]))}`).join('&');
  const headers: Record<string, string> = { orgid: caller.orgId, 'idempotency-key': '00000000-fuzz-sweep' };
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  const request = (path: string, query: string, body?: unknown): FuzzRequest => ({
    method: route.method,
    url: query ? `${path}?${query}` : path,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const hasBody = BODY_METHODS.has(route.method);
  // Only the required fields: every optional one the plain draw got wrong would hide the swept one.
  const required = new Set(operation?.requestBody?.content?.['application/json']?.schema?.required ?? []);
  const body = !hasBody
    ? undefined
    : plainBody && typeof plainBody === 'object' && !Array.isArray(plainBody)
      ? Object.fromEntries(Object.entries(plainBody).filter(([k]) => required.has(k)))
      : (plainBody ?? {});
  const requests: FuzzRequest[] = [];
  // An OrgId header that is not an organization id.
  for (const orgid of ['not-a-uuid', '1', 'x'.repeat(300)]) {
    const plain = request(pathOf(segments), queryOf(plainQuery), body);
    requests.push({ ...plain, headers: { ...plain.headers, orgid } });
  }
  names.forEach((_, i) => {
    for (const segment of NASTY_SEGMENTS)
      requests.push(
        request(pathOf(segments.map((s, j) => (j === i ? segment : s))), queryOf(plainQuery), body),
      );
  });
  queryNames.forEach((_, i) => {
    for (const value of SWEEP_VALUES)
      requests.push(
        request(pathOf(segments), queryOf(plainQuery.map((v, j) => (j === i ? value : v))), body),
      );
  });
  if (hasBody) {
    const schema = operation?.requestBody?.content?.['application/json']?.schema;
    const fields = [
      ...new Set([
        ...Object.keys(schema?.properties ?? {}),
        ...(body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body) : []),
      ]),
    ];
    for (const value of SWEEP_VALUES) {
      requests.push(request(pathOf(segments), queryOf(plainQuery), value));
      for (const field of fields)
        requests.push(
          request(pathOf(segments), queryOf(plainQuery), { ...(body as object), [field]: value }),
        );
    }
  }
  return requests;
}

/** What is wrong with an answer, or null. */
function problemWith(request: FuzzRequest, response: LightMyRequestResponse, caller: Caller): string | null {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  const body = response.body;
  for (const [what, pattern] of INTERNALS) {
    const match = pattern.exec(body);
    if (match) return `shows ${what}: …${body.slice(Math.max(0, match.index - 60), match.index + 80)}…`;
  }
  const sent = `${request.url} ${JSON.stringify(request.headers)} ${request.payload ?? ''}`;
  for (const marker of caller.foreign) {
    if (body.includes(marker.text) && !sent.includes(marker.text))
      return `shows ${marker.label} (${marker.text}) to ${caller.name}`;
  }
  return null;
}

function describeRequest(request: FuzzRequest, response: LightMyRequestResponse): string {
  const payload =
    request.payload === undefined ? '' : ` body ${JSON.stringify(request.payload.slice(0, 300))}`;
  return `${request.method} ${request.url.slice(0, 300)} headers ${JSON.stringify({ ...request.headers, authorization: undefined })}${payload} → ${response.statusCode} ${response.body.slice(0, 300)}`;
}

describe(`API fuzz (${TEST_DATABASE_KIND}, seed ${SEED})`, () => {
  let t: TestApp;
  let document: OpenApiDocument;
  let demoOrgId: string;
  const counts = new Map<string, Record<string, number>>();

  beforeAll(async () => {
    t = await createTestApp();
    document = t.app.swagger() as unknown as OpenApiDocument;
    const [demo] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM organizations WHERE vat_number = '508332150'`,
    );
    demoOrgId = demo!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The seeded organizations (id, name, NIF) a user is not a member of. */
  async function foreignOrganizations(email: string | undefined): Promise<Marker[]> {
    const orgs = await rows<{ id: string; name: string; vat_number: string }>(
      t.database.db,
      sql`SELECT o.id, o.name, o.vat_number FROM organizations o
          WHERE NOT EXISTS (SELECT 1 FROM organization_members m JOIN users u ON u.id = m.user_id
                            WHERE m.organization_id = o.id AND u.email = ${email ?? ''})`,
    );
    return orgs.flatMap((o) => [
      { label: `the id of ${o.name}`, text: o.id },
      { label: 'the name of an organization', text: o.name },
      { label: `the NIF of ${o.name}`, text: o.vat_number },
    ]);
  }

  /** The demo organization as stored, but for the caller's own membership row. */
  async function demoOrganizationState(exceptEmail?: string): Promise<string> {
    const [state] = await rows<{ state: string }>(
      t.database.db,
      sql`SELECT json_build_object(
            'org', (SELECT row_to_json(o) FROM organizations o WHERE o.id = ${demoOrgId}),
            'members', (SELECT json_agg(json_build_array(m.user_id, m.role, m.permissions) ORDER BY m.user_id)
                        FROM organization_members m JOIN users u ON u.id = m.user_id
                        WHERE m.organization_id = ${demoOrgId} AND u.email <> ${exceptEmail ?? ''}),
            'settings', (SELECT json_agg(row_to_json(s) ORDER BY s.key) FROM organization_settings s
                         WHERE s.organization_id = ${demoOrgId}))::text AS state`,
    );
    return state!.state;
  }

  it('no route answers 5xx, shows internals or another organization to any caller', async () => {
    const ids = await rows<{ id: string }>(
      t.database.db,
      sql`(SELECT id::text FROM organizations) UNION ALL (SELECT id::text FROM users ORDER BY email LIMIT 6)
          UNION ALL (SELECT id::text FROM payments LIMIT 3) UNION ALL (SELECT id::text FROM subscriptions LIMIT 3)`,
    );
    const context: Omit<FuzzContext, 'preferredIds'> = {
      ids: [...ids.map((r) => r.id), '00000000-0000-4000-8000-000000000000'],
      document,
    };

    const user = async (email: string) => {
      const token = await t.signin(email);
      return {
        email,
        token,
        userId: String(decodeClaims(token).sub),
        foreign: await foreignOrganizations(email),
      };
    };
    const everyRoute = () => true;
    // In this order: the callers that must change nothing first, the owner (who may delete the
    // demo organization) last.
    const callers: Caller[] = [
      {
        name: 'anonymous',
        orgId: demoOrgId,
        runs: 6,
        fuzzes: everyRoute,
        foreign: await foreignOrganizations(undefined),
      },
      {
        name: 'stranger',
        orgId: demoOrgId,
        sweep: true,
        runs: 10,
        fuzzes: everyRoute,
        ...(await user('ao.owner@fluxo.example')),
      },
      {
        name: 'member',
        orgId: demoOrgId,
        runs: 10,
        fuzzes: everyRoute,
        ...(await user('pos@fluxo.example')),
      },
      {
        name: 'admin',
        orgId: demoOrgId,
        runs: 40,
        fuzzes: (r) => r.access.kind === 'admin',
        ...(await user('admin@fluxo.example')),
        // An Admin sees every organization by design (sales requests, payments to confirm).
        foreign: [],
      },
      {
        name: 'owner',
        orgId: demoOrgId,
        sweep: true,
        runs: 30,
        fuzzes: everyRoute,
        ...(await user('demo@fluxo.example')),
      },
    ];
    console.log(
      `API fuzz: seed ${SEED} (replay with FUZZ_SEED=${SEED}; narrow with FUZZ_ROUTE="METHOD /url")`,
    );

    const routes = t.app.routeTable
      .filter((r) => !ROUTE_FILTER || routeKey(r).includes(ROUTE_FILTER))
      .sort((a, b) => RUN_LAST.indexOf(routeKey(a)) - RUN_LAST.indexOf(routeKey(b)));
    const failures: string[] = [];
    const started = Date.now();

    for (const caller of callers) {
      const before = caller.name === 'owner' ? null : await demoOrganizationState(caller.email);
      for (const route of routes.filter(caller.fuzzes)) {
        const key = routeKey(route);
        const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
        const tally = counts.get(key) ?? {};
        counts.set(key, tally);
        const send = async (request: FuzzRequest) => {
          tally[caller.name] = (tally[caller.name] ?? 0) + 1;
          const response = await t.app.inject(request);
          const status = `${Math.min(Math.floor(response.statusCode / 100), 5)}xx`;
          tally[status] = (tally[status] ?? 0) + 1;
          const problem = problemWith(request, response, caller);
          return problem && `${caller.name} ${key}: ${problem}\n    ${describeRequest(request, response)}`;
        };
        if (caller.sweep) {
          for (const request of sweepRequests(
            route,
            operation,
            context,
            caller,
            routeSeed(caller.name, route),
          )) {
            const problem = await send(request);
            if (problem) failures.push(`${problem}\n    (sweep; replay: FUZZ_ROUTE="${key}")`);
          }
        }
        let failure: string | null = null;
        try {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(route, operation, context, caller), async (request) => {
              failure = await send(request);
              return failure === null;
            }),
            {
              seed: routeSeed(caller.name, route),
              numRuns: Math.max(1, Math.round(caller.runs * RUNS_FACTOR)),
              endOnFailure: true,
            },
          );
        } catch (error) {
          // fast-check's own seed and path for this route, and the command that replays it.
          const run = /\{ seed: [^}]*\}/.exec((error as Error).message)?.[0] ?? '';
          failures.push(
            `${failure ?? `${caller.name} ${key}: ${(error as Error).message.slice(0, 500)}`}` +
              `\n    fast-check ${run}; replay: FUZZ_SEED=${SEED} FUZZ_ROUTE="${key}"`,
          );
        }
      }
      // A caller without the permission changed nothing of the demo organization.
      if (before !== null)
        expect(
          await demoOrganizationState(caller.email),
          `${caller.name} changed the demo organization`,
        ).toBe(before);
    }

    // Requests sent per route and caller, and how many of them succeeded (2xx) or were refused (4xx).
    const columns = [...callers.map((c) => c.name), '2xx', '4xx'];
    const table = [...counts].map(([route, tally]) => ({
      route,
      ...Object.fromEntries(columns.map((column) => [column, tally[column] ?? 0])),
    }));
    console.table(table);
    const total = [...counts.values()].reduce(
      (sum, tally) => sum + (tally['2xx'] ?? 0) + (tally['4xx'] ?? 0),
      0,
    );
    console.log(
      `API fuzz: ${total} requests over ${table.length} routes in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
    expect(failures.length, `${failures.length} failures:\n${failures.join('\n')}`).toBe(0);
    // Every registered route was fuzzed by someone.
    expect(table.length).toBe(routes.length);
  }, 300_000);
});
