import fc from 'fast-check';

/**
 * Request generators for the API fuzz test (api-fuzz.test.ts): fast-check arbitraries derived from a
 * route's OpenAPI JSON schemas, mixed with values that have broken servers before. Hand-written
 * because the JSON-Schema-to-fast-check packages on npm target fast-check 1–3 or zod 3; the schemas
 * @fastify/swagger emits from the zod contracts use a small subset of JSON Schema, covered here.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** `/a/:id/b` and `/a/*` in Fastify's notation as the OpenAPI path `/a/{id}/b`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The path parameters of a Fastify URL, in order (`*` for a wildcard). */
export function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)|\*/g)].map((m) => m[1] ?? '*');
}

const DEEP = 2_000;
/** A JSON text nested far deeper than any contract allows (a few KiB, under the body limit). */
export const DEEP_ARRAY_TEXT = `${'['.repeat(DEEP)}${']'.repeat(DEEP)}`;
export const DEEP_OBJECT_TEXT = `${'{"a":'.repeat(DEEP)}1${'}'.repeat(DEEP)}`;
function deepValue(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Strings that broke servers before: NUL, lone surrogates, lengths past any column, numbers in text. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\uDBFF\uDFFF',
  '😀',
  'e\u0301\u200B\u202E',
  'x'.repeat(300),
  'x'.repeat(3_000),
  'ç'.repeat(30_000),
  '-1',
  '0',
  '1e400',
  '99999999999999999999999999',
  '9223372036854775808',
  'NaN',
  'null',
  'true',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '../../../etc/passwd',
  '%00',
  // A template-injection probe, written as text on purpose.
  ['$', '{7*7}{{7*7}}'].join(''),
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

/** Values of the wrong type or an abusive size, for any JSON field. */
export const NASTY_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  [],
  {},
  [null],
  { '\u0000': 1 },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  deepValue(40),
];

/** Whole bodies sent as raw text: malformed JSON, numbers JSON.stringify cannot write, deep nesting. */
export const NASTY_BODY_TEXTS: readonly string[] = [
  '',
  '{',
  '[1,',
  'nul',
  'null',
  '[]',
  '"text"',
  '1e400',
  '{"a":1e400}',
  '{"name":-1e400}',
  '{"id":123456789012345678901234567890}',
  '{"name":"\\u0000"}',
  '{"name":"\\ud800"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\uFEFF{}',
  DEEP_ARRAY_TEXT,
  DEEP_OBJECT_TEXT,
];

/**
 * The values the sweep puts in every field, one field at a time: each of them has made a server
 * answer 500 somewhere (PostgreSQL refuses NUL, an index refuses a long key, a column overflows).
 */
export const SWEEP_VALUES: readonly unknown[] = [
  '\u0000',
  'a\uD800b',
  'x'.repeat(3_000),
  'x'.repeat(30_000),
  '99999999999999999999',
  -1,
  2 ** 31,
  2 ** 63,
  1.5,
  true,
  {},
  [],
  deepValue(40),
];

/** Path segments as they travel in a URL (already percent-encoded, some of them not valid UTF-8). */
export const NASTY_SEGMENTS: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '%FF',
  '%',
  '..',
  '%2e%2e%2f',
  '-1',
  '0',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999999',
  '1e400',
  'null',
  'x'.repeat(90),
  'x'.repeat(500),
  '%20',
  "'%20OR%201=1",
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'A9C45159-CC59-41E4-9A3B-CACC540A781E',
];

export const CONTENT_TYPES: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'image/png',
  'application/json; charset=latin1',
  'application/json; charset=utf-8',
  'application/vnd.api+json',
  '*/*',
];

function regexArbitrary(pattern: string): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'));
  } catch {
    try {
      return fc.stringMatching(new RegExp(pattern));
    } catch {
      return fc.string({ maxLength: 20 });
    }
  }
}

function finiteBound(value: number | boolean | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Every arbitrary of the kit draws ids from this pool too, so requests reach real rows. */
export interface FuzzContext {
  ids: readonly string[];
  /** The caller's own organization and user: drawn most often, so requests get past the guard. */
  preferredIds: readonly string[];
  document: OpenApiDocument;
}

/**
 * Values meant to fit `schema`, so that the handler runs; with `nasty`, each leaf now and then swapped
 * for a nasty value, so that the guards run. `depth` bounds recursive schemas.
 */
export function schemaArbitrary(
  schema: JsonSchema | undefined,
  context: FuzzContext,
  nasty: boolean,
  depth = 0,
): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema ?? {}, { ...context, nasty }, depth);
  if (!nasty) return valid;
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: NASTY_LEAF });
}

/** A nasty value of any kind, strings (the usual carrier of trouble) twice as often. */
const NASTY_LEAF: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...NASTY_VALUES) },
);

interface Draw extends FuzzContext {
  nasty: boolean;
}

function validArbitrary(schema: JsonSchema, context: Draw, depth: number): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return validArbitrary(context.document.components?.schemas?.[name] ?? {}, context, depth);
  }
  const base = baseArbitrary(schema, context, depth);
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

function baseArbitrary(schema: JsonSchema, context: Draw, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validArbitrary(v, context, depth)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf), context, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringArbitrary(schema, context);
    case 'integer': {
      const min = finiteBound(schema.minimum) ?? -(2 ** 31);
      const max = finiteBound(schema.maximum) ?? 2 ** 31;
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
        fc.constantFrom(min, max),
      );
    }
    case 'number': {
      const min = finiteBound(schema.minimum) ?? -1e9;
      const max = finiteBound(schema.maximum) ?? 1e9;
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth > 4) return fc.constant([]);
      return fc.array(schemaArbitrary(schema.items, context, context.nasty, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return objectArbitrary(schema, context, depth);
    default:
      // No type: any JSON (z.json(), z.unknown()).
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function stringArbitrary(schema: JsonSchema, context: FuzzContext): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...context.preferredIds) },
        { weight: 2, arbitrary: fc.constantFrom(...context.ids) },
        { weight: 1, arbitrary: fc.uuid() },
      );
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl({ validSchemes: ['https', 'http'] });
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) return regexArbitrary(schema.pattern);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 60));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'binary' }),
    // Exactly the longest allowed: the edge a column's own limit is most likely to disagree with.
    fc.constant('é'.repeat(schema.maxLength ?? 200)),
  );
}

function objectArbitrary(schema: JsonSchema, context: Draw, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    return schema.additionalProperties === false
      ? fc.constant({})
      : fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
  }
  const required = new Set(schema.required ?? []);
  const recordOf = (nasty: boolean) =>
    fc.record(
      Object.fromEntries(
        keys.map((key) => [key, schemaArbitrary(properties[key], context, nasty, depth + 1)]),
      ),
      { requiredKeys: keys.filter((key) => required.has(key)) },
    );
  const valid = recordOf(false);
  // A request with few optional fields has a fair chance of passing every check of its contract.
  const optional = keys.filter((key) => !required.has(key));
  const sparse = fc
    .tuple(valid, fc.subarray(optional, { maxLength: Math.min(1, optional.length) }))
    .map(([value, kept]) =>
      Object.fromEntries(
        Object.entries(value as object).filter(([k]) => required.has(k) || kept.includes(k)),
      ),
    );
  const fitting = fc.oneof(valid, sparse);
  if (!context.nasty) return fitting;
  return fc.oneof(
    // Everything fits but one field: the nasty value reaches the handler if no guard stops it.
    {
      weight: 4,
      arbitrary: fc
        .tuple(fitting, fc.constantFrom(...keys), NASTY_LEAF)
        .map(([value, key, nasty]) => ({ ...(value as object), [key]: nasty })),
    },
    { weight: 2, arbitrary: recordOf(true) },
    // A required field goes missing.
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...keys))
        .map(([value, key]) =>
          Object.fromEntries(Object.entries(value as object).filter(([k]) => k !== key)),
        ),
    },
    // An unknown field comes along.
    {
      weight: 1,
      arbitrary: fc
        .tuple(fitting, fc.constantFrom('unknownField', '__proto__', 'constructor', '\u0000'), NASTY_LEAF)
        .map(([value, key, extra]) => ({ ...(value as object), [key]: extra })),
    },
  );
}

/** A lone surrogate cannot be written as UTF-8; it travels as the bytes of one, which is what a client would send. */
export function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value
      .split('')
      .map((unit) => {
        try {
          return encodeURIComponent(unit);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}
