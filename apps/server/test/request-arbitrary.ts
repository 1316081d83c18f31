import fc from 'fast-check';

/**
 * fast-check arbitraries for requests to an operation of the API document: values shaped by the
 * operation's JSON Schemas most of the time (so requests get past validation into the handlers), and
 * hostile values everywhere else — wrong types, huge and NUL-bearing strings, prototype keys, deep JSON.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
};

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  responses: Record<string, unknown>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const prototypeKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty'];

const hostileStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uFFFF',
    '\u202Eevil',
    'İSTANBUL@EXAMPLE.COM',
    "'; drop table users; --",
    '../../../etc/passwd',
    '%00',
    '%E0%A4%A',
    '<script>alert(1)</script>',
    '9'.repeat(40),
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    ...prototypeKeys,
  ),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer({ min: 201, max: 70_000 }).map((n) => 'я'.repeat(n)),
);

const hostileNumbers = fc.constantFrom(
  -1,
  0,
  0.5,
  -0.000001,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  Number.MAX_SAFE_INTEGER,
);

/** Any JSON at all, including nesting far beyond what a shop's form sends. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileStrings,
  hostileNumbers,
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 30, max: 3000 }).map((depth) => {
    let value: unknown = 'deep';
    for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
    return value;
  }),
);

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    current = components[current.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return current;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (schema.pattern) {
    // A pattern fast-check cannot read (lookarounds) falls back to plain text.
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((v) => v.length >= min && v.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
    } catch {
      /* plain text below */
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uuid') return fc.uuid();
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.stringMatching(/^[a-z0-9-]{1,30}$/).filter((v) => v.length >= min && v.length <= max),
    fc.constantFrom('sneakers', 'куртка', 'Київ', 'тактичні штани', 'novaposhta', 'cash', 'card'),
  );
}

/** A value the schema accepts, as far as JSON Schema can say (cross-field rules aside). */
export function valueFor(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  depth = 0,
  known: Known = {},
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => valueFor(c, components, depth + 1, known)));
  if (s.allOf?.length) return valueFor(s.allOf[0] as JsonSchema, components, depth + 1, known);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return stringFor(s);
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? 0, -5), max: Math.min(s.maximum ?? 300, 300) });
    case 'number':
      return fc.oneof(
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(12, 25, 50),
        fc.double({ min: Math.max(s.minimum ?? 0, 0), max: Math.min(s.maximum ?? 100_000, 100_000), noNaN: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(valueFor(s.items ?? {}, components, depth + 1, known), { minLength: 1, maxLength: 3 });
    case 'object': {
      if (depth > 4 || !s.properties) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }));
      const required = new Set(s.required ?? []);
      const fields = Object.entries(s.properties).map(([name, property]) => {
        const value = withKnown(name, valueFor(property, components, depth + 1, known), known);
        return (required.has(name) ? value : fc.option(value, { freq: 3, nil: undefined })).map(
          (v) => [name, v] as const,
        );
      });
      return fc.tuple(...fields).map((entries) => {
        const object = Object.fromEntries(entries.filter(([, value]) => value !== undefined));
        // The one rule across fields a schema cannot state: the repeated password.
        if ('password2' in object && 'password' in object) object.password2 = object.password;
        return object;
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that exist in the shop (product ids, slugs, city refs, solved captchas), by field name. */
export type Known = Record<string, unknown[]>;

/** Half the time, a field with known values gets one: ids and refs that exist reach deeper code. */
function withKnown(name: string, generated: fc.Arbitrary<unknown>, known: Known): fc.Arbitrary<unknown> {
  const values = known[name];
  return values?.length ? fc.oneof(fc.constantFrom(...values), generated) : generated;
}

type Path = (string | number)[];

/** Every place in a JSON value a hostile one can go: the value itself, and each member at any depth. */
function places(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  found.push(path);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) places(item, [...path, i], found);
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) places(item, [...path, key], found);
  }
  return found;
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head] = replaceAt(copy[head], rest, replacement);
  return copy;
}

/**
 * A valid-looking value with one of its places (a leaf most often) swapped for a hostile value:
 * everything else passes validation, so the hostile part travels as far as the code lets it.
 */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), fc.oneof({ arbitrary: hostileStrings, weight: 4 }, { arbitrary: hostileJson, weight: 1 }))
    .map(([value, pick, hostile]) => {
      const all = places(value);
      const leaves = all.filter((p) => p.length > 0);
      const candidates = leaves.length > 0 ? leaves : all;
      return replaceAt(value, candidates[pick % candidates.length] as Path, hostile);
    });
}

/** Mostly valid, often with one hostile part, sometimes hostile as a whole. */
function shapedOrHostile(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valid, weight: 3 },
    { arbitrary: mutated(valid), weight: 6 },
    { arbitrary: hostileJson, weight: 1 },
  );
}

/** A JSON text as an attacker writes it: prototype keys as own keys, which JSON.stringify cannot make. */
function withPrototypeKeys(body: unknown): fc.Arbitrary<string> {
  return fc.constantFrom(...prototypeKeys).map((key) => {
    const text = JSON.stringify(body) ?? 'null';
    const polluted = `"${key}":{"isStaff":true,"is_superuser":true,"price":0}`;
    if (text.startsWith('{') && text !== '{}') return `{${polluted},${text.slice(1)}`;
    return `{${polluted}}`;
  });
}

const printableAscii = fc.stringMatching(/^[\x21-\x7e]{1,300}$/);

export interface RequestContext {
  components: Record<string, JsonSchema>;
  /** Bearer tokens to try on operations that take one (a real shopper's among them). */
  tokens: string[];
  known: Known;
  /** Whole valid bodies by `method path`, for operations whose rules JSON Schema cannot state. */
  examples: Record<string, unknown[]>;
}

export function requestFor(
  method: string,
  path: string,
  operation: Operation,
  context: RequestContext,
): fc.Arbitrary<FuzzRequest> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const inQuery = parameters.filter((p) => p.in === 'query');
  const inHeader = parameters.filter((p) => p.in === 'header');
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  // A lone surrogate has no UTF-8 form: it goes as the bytes a careless encoder would send for it.
  const encode = (v: unknown) => {
    const value = text(v);
    return value.isWellFormed()
      ? encodeURIComponent(value)
      : encodeURIComponent(value.toWellFormed()).replaceAll('%EF%BF%BD', '%ED%A0%80');
  };

  // Path and query parameters as one object, so that one of them at a time turns hostile.
  const parameterValues = fc.record(
    Object.fromEntries(
      [...inPath, ...inQuery].map((p) => {
        const value = withKnown(p.name, valueFor(p.schema, context.components, 0, context.known), context.known);
        return [p.name, p.in === 'path' || p.required ? value : fc.option(value, { freq: 3, nil: undefined })];
      }),
    ),
  );
  const rawPathSegment = fc.constantFrom('%00', '%E0%A4%A', '%', '..%2F..%2F', '%2e%2e', 'a%20b', '%C0%AF');
  const extraQuery = fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 6 },
    {
      arbitrary: fc.constantFrom(
        '__proto__[x]=1',
        'constructor=1',
        'page=1&page=2',
        'a=%00',
        'search=%E0%A4%A',
        'limit=1e400',
      ),
      weight: 1,
    },
  );
  const headerValues = fc.tuple(
    ...inHeader.map((p) =>
      fc.option(
        printableAscii.map((v) => [p.name, v] as const),
        { freq: 2 },
      ),
    ),
  );
  const authorization = fc.oneof(
    { arbitrary: fc.constantFrom(...context.tokens).map((t) => `Bearer ${t}`), weight: 4 },
    { arbitrary: fc.constant(undefined), weight: 2 },
    {
      arbitrary: fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'a'.repeat(5000)}`),
      weight: 1,
    },
  );
  const examples = context.examples[`${method} ${path}`] ?? [];
  const fromExamples = examples.length
    ? [
        {
          arbitrary: shapedOrHostile(fc.constantFrom(...examples)).map((v) => ({
            type: 'application/json',
            body: JSON.stringify(v) ?? 'null',
          })),
          weight: 12,
        },
      ]
    : [];
  const payload: fc.Arbitrary<{ type?: string; body?: string }> = bodySchema
    ? fc.oneof(
        ...fromExamples,
        {
          arbitrary: shapedOrHostile(valueFor(bodySchema, context.components, 0, context.known)).map((v) => ({
            type: 'application/json',
            body: JSON.stringify(v) ?? 'null',
          })),
          weight: 12,
        },
        {
          arbitrary: valueFor(bodySchema, context.components, 0, context.known)
            .chain(withPrototypeKeys)
            .map((body) => ({ type: 'application/json', body })),
          weight: 2,
        },
        {
          arbitrary: fc
            .constantFrom('{', '{"a":', '[1,2', '\u0000', '{"a":"\\u0000"}', '{"a":"\\ud800"}')
            .map((body) => ({ type: 'application/json', body })),
          weight: 1,
        },
        {
          arbitrary: fc
            .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml')
            .map((type) => ({ type, body: 'a=1&b=2' })),
          weight: 1,
        },
        { arbitrary: fc.constant({}), weight: 1 },
      )
    : fc.oneof(
        { arbitrary: fc.constant({}), weight: 6 },
        { arbitrary: fc.constant({ type: 'application/json', body: '{"a":1}' }), weight: 1 },
      );

  return fc
    .record({
      values: shapedOrHostile(parameterValues),
      raw: fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 8 },
        { arbitrary: fc.tuple(fc.nat(), rawPathSegment), weight: 1 },
      ),
      extra: extraQuery,
      headers: headerValues,
      auth: authorization,
      body: payload,
      ip: fc.ipV4(),
    })
    .map(({ values, raw, extra, headers, auth, body, ip }) => {
      const given = (values && typeof values === 'object' ? values : {}) as Record<string, unknown>;
      let url = path;
      inPath.forEach((p, i) => {
        const segment = raw && raw[0] % inPath.length === i ? raw[1] : encode(given[p.name] ?? 'x');
        url = url.replace(`{${p.name}}`, segment);
      });
      const search = inQuery
        .filter((p) => given[p.name] !== undefined)
        .map((p) => `${p.name}=${encode(given[p.name])}`);
      if (extra) search.push(extra);
      if (search.length > 0) url += `?${search.join('&')}`;
      const requestHeaders: Record<string, string> = { 'x-forwarded-for': ip };
      for (const header of headers) if (header) requestHeaders[header[0]] = header[1];
      if (auth) requestHeaders.authorization = auth;
      if (body.type) requestHeaders['content-type'] = body.type;
      return { method: method.toUpperCase(), url, headers: requestHeaders, payload: body.body };
    });
}
