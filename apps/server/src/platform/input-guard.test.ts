import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { findInputProblem, INPUT_LIMITS } from './input-guard.ts';

describe('findInputProblem', () => {
  it('leaves a raw body stream alone (over HTTP its socket refers back to it, deeper than any limit)', () => {
    const body = new PassThrough() as PassThrough & { socket?: object };
    body.socket = { request: body };
    expect(findInputProblem(body, 'body')).toBeNull();
    expect(findInputProblem({ nested: { socket: { request: { nested: {} } } } }, 'body')).toBeNull();
  });

  /** JSON values the guard must let through: well-formed text without NUL, safe numbers, shallow. */
  const clean = fc.jsonValue({ maxDepth: 6 }).filter((value) => {
    const text = JSON.stringify(value);
    return !text.includes('\\u0000') && !/\\ud[89a-f]/i.test(text) && !/e\+?\d{2}/i.test(text);
  });

  it('lets every clean JSON value through', () => {
    fc.assert(
      fc.property(clean, (value) => {
        const problem = findInputProblem(value, 'body');
        // Numbers fast-check draws may exceed the safe range; those are the only refusals allowed.
        if (problem) expect(problem.code).toBe('VALUE_TOO_LARGE');
      }),
    );
  });

  it('finds a NUL or an unpaired surrogate wherever it hides, keys included', () => {
    const bad = fc.constantFrom('\u0000', 'a\u0000', '\uD800', 'x\uDFFFy', '\uDC00\uD800');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 8 }),
        bad,
        fc.boolean(),
        (path, text, asKey) => {
          let value: unknown = asKey ? { [text]: 1 } : text;
          for (const key of path.reverse()) value = key === 'c' ? [value] : { [key]: value };
          expect(findInputProblem(value, 'body')?.code).toBe('INVALID_CHARACTERS');
        },
      ),
    );
    // A well-formed pair is text like any other.
    expect(findInputProblem({ name: '😀 \uD83D\uDE00' }, 'body')).toBeNull();
  });

  it('refuses numbers beyond the safe integers and text beyond the ceiling, with the field', () => {
    expect(findInputProblem({ a: [1, 2 ** 53] }, 'body')).toMatchObject({
      code: 'VALUE_TOO_LARGE',
      path: 'body.a.1',
    });
    expect(findInputProblem({ n: -Infinity }, 'body')?.code).toBe('VALUE_TOO_LARGE');
    expect(findInputProblem({ n: Number.MAX_SAFE_INTEGER, f: 0.1 }, 'body')).toBeNull();
    expect(findInputProblem('x'.repeat(INPUT_LIMITS.maxStringLength), 'body')).toBeNull();
    expect(
      findInputProblem({ t: 'x'.repeat(INPUT_LIMITS.maxStringLength + 1) }, 'querystring'),
    ).toMatchObject({
      code: 'VALUE_TOO_LARGE',
      path: 'querystring.t',
    });
  });

  const nest = (depth: number) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };

  it('refuses nesting past the ceiling without recursing (100,000 levels do not exhaust the stack)', () => {
    expect(findInputProblem(nest(INPUT_LIMITS.maxDepth), 'body')).toBeNull();
    expect(findInputProblem(nest(INPUT_LIMITS.maxDepth + 1), 'body')?.code).toBe('NESTING_TOO_DEEP');
    expect(findInputProblem(nest(100_000), 'body')?.code).toBe('NESTING_TOO_DEEP');
  });

  it('leaves raw bodies to their route: a Buffer, and the request stream of an upload', () => {
    const stream = Object.assign(new PassThrough(), { socket: nest(INPUT_LIMITS.maxDepth + 5) });
    expect(findInputProblem(stream, 'body')).toBeNull();
    expect(findInputProblem(Buffer.from('\u0000'), 'body')).toBeNull();
  });
});

describe('the input guard on the routes the API fuzz test found answering 500', () => {
  let t: TestApp;
  let owner: string;
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signin('demo@fluxo.example');
    const [org] = await rows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM organizations WHERE vat_number = '508332150'`,
    );
    orgId = org!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const demoOrganization = async () =>
    (
      await rows<{ row: string }>(
        t.database.db,
        sql`SELECT row_to_json(o)::text AS row FROM organizations o WHERE id = ${orgId}`,
      )
    )[0]!.row;

  it('PATCH /organizations/{id} with a NUL in the name: 400 INVALID_CHARACTERS, nothing saved (issue 10)', async () => {
    const before = await demoOrganization();
    const response = await t.call({
      method: 'PATCH',
      url: `/api/v1/organizations/${orgId}`,
      token: owner,
      payload: { name: '\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'INVALID_CHARACTERS',
      messageKey: 'ERRORS.INVALID_CHARACTERS',
      message: 'The text holds a NUL character.',
      statusCode: 400,
      requestId: expect.any(String),
      details: [
        {
          path: 'body.name',
          messageKey: 'ERRORS.INVALID_CHARACTERS',
          message: 'The text holds a NUL character.',
        },
      ],
    });
    expect(await demoOrganization()).toBe(before);
  });

  // Each of these answered 500 to a NUL in a text field before the guard (the fuzz test's sweep).
  const routes: [method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>][] = [
    [
      'PATCH',
      '/api/v1/internal-billing/update',
      { name: 'Fluxo', country: 'PT', address: '\u0000', city: 'Lisboa' },
    ],
    ['POST', '/api/v1/sales/requests', { title: 'Hello', message: 'x', motive: '\u0000' }],
    ['POST', '/api/v1/sales/requests/tickets', { subject: 'Hi', message: 'a\u0000b', category: 'bank' }],
    ['POST', '/api/v1/organizations/settings', { key: 'theme', value: { colour: '\u0000' } }],
    [
      'POST',
      '/api/v1/pushnotifications',
      { endpoint: 'https://push.example/\u0000', keys: { p256dh: 'x', auth: 'y' } },
    ],
  ];
  it.each(routes)('%s %s with a NUL: 400 INVALID_CHARACTERS', async (method, url, payload) => {
    const response = await t.call({ method, url, token: owner, orgId, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_CHARACTERS');
  });

  it('GET /external/organizations with a NUL in the query: 400 INVALID_CHARACTERS', async () => {
    const response = await t.call({
      method: 'GET',
      url: '/api/v1/external/organizations?country=PT&vatNumber=%00',
      token: owner,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'INVALID_CHARACTERS',
      details: [{ path: 'querystring.vatNumber' }],
    });
  });

  it('refuses a lone surrogate, a number JSON cannot hold and deep nesting sent as raw JSON', async () => {
    const send = (payload: string) =>
      t.call({
        method: 'PATCH',
        url: `/api/v1/organizations/${orgId}`,
        token: owner,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expect((await send('{"name":"\\ud800"}')).json().code).toBe('INVALID_CHARACTERS');
    expect((await send('{"name":1e400}')).json().code).toBe('VALUE_TOO_LARGE');
    expect((await send('{"name":9223372036854775808}')).json().code).toBe('VALUE_TOO_LARGE');
    const deep = await send(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('NESTING_TOO_DEEP');
    const long = await send(JSON.stringify({ address: 'x'.repeat(INPUT_LIMITS.maxStringLength + 1) }));
    expect(long.json()).toMatchObject({ code: 'VALUE_TOO_LARGE', details: [{ path: 'body.address' }] });
  });

  it('refuses an OrgId header that is not an organization id on routes that read it', async () => {
    // A route whose handler reads the header itself (purchases name organizations per item).
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/addon/ondemand',
      token: owner,
      orgId: 'not-a-uuid',
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'headers.orgid' }],
    });
    // Where the guard reads it (the route's audience is the organization's members), the guard refuses
    // first, as it refuses any organization the caller does not belong to.
    const guarded = await t.call({ method: 'GET', url: '/api/v1/subscription', token: owner, orgId: 'x' });
    expect(guarded.statusCode).toBe(403);
    // A well-formed one still works.
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/subscription', token: owner, orgId })).statusCode,
    ).toBe(200);
  });

  it('an attachment whose X-File-Name is not valid percent-encoding: 400, not 500', async () => {
    const ticket = await t.call({
      method: 'POST',
      url: '/api/v1/sales/requests/tickets',
      token: owner,
      payload: { subject: 'Names', message: 'Odd file names', category: 'bank' },
    });
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const attach = (name: string) =>
      t.call({
        method: 'POST',
        url: `/api/v1/sales/requests/tickets/${ticket.json().id}/attachment`,
        token: owner,
        headers: { 'content-type': 'application/pdf', 'x-file-name': name },
        payload: pdf,
      });
    const bad = await attach('%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'headers.x-file-name' }],
    });
    // The 200-character cut counts characters: it kept half of a surrogate pair when it counted code units.
    const cut = await attach(encodeURIComponent(`${'a'.repeat(199)}😀😀`));
    expect(cut.statusCode).toBe(201);
    expect(cut.json().fileName).toBe(`${'a'.repeat(199)}😀`);
  });

  it('leaves raw bodies (uploads, signed webhooks) to their routes', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{"name":"\\u0000"}',
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).not.toBe('INVALID_CHARACTERS');
  });
});
