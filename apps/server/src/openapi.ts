/**
 * The API document as clients read it at /api/docs. @fastify/swagger builds it from the routes'
 * schemas; this pass adds what every route shares and the routes do not say one by one, so that the
 * document lints clean (docs/decisions/011-api-document.md) and names every status a route can answer.
 */

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId?: string;
  security?: unknown[];
  requestBody?: Json;
  responses?: Record<string, Json>;
}

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const detailError = { $ref: '#/components/schemas/DetailError' };
const badRequest = { $ref: '#/components/schemas/BadRequest' };
const json = (schema: Json) => ({ 'application/json': { schema } });

/** Answers any route can give before its handler runs: the input guard, and Fastify's own checks. */
const sharedAnswers: Record<string, { description: string; withBody?: boolean; withPathParameters?: boolean }> = {
  '400': { description: 'Invalid input: each field named with its errors, or `detail` for input as a whole.' },
  '413': { description: 'The body is larger than the shop accepts (1 MiB).', withBody: true },
  '415': { description: 'The body is not JSON.', withBody: true },
  '414': { description: 'A path segment is longer than the shop accepts.', withPathParameters: true },
};

/**
 * Bodies read as raw bytes (their signature covers the bytes exactly as sent) cannot carry a
 * validating schema in Fastify; the document still names their shape.
 */
const rawBodies: Record<string, { component: string; description: string }> = {
  'post /api/payments/monobank/webhook/': {
    component: 'MonobankWebhook',
    description: 'Monobank’s invoice status, exactly as Monobank signs it.',
  },
};

/** `allOf: [schema, {}]` (a refinement zod cannot express in JSON Schema) is just `schema`. */
function withoutEmptyAllOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutEmptyAllOf);
  if (node === null || typeof node !== 'object') return node;
  const object = node as Json;
  const allOf = object.allOf;
  if (Array.isArray(allOf)) {
    const kept = allOf.filter((part) => !(part && typeof part === 'object' && Object.keys(part).length === 0));
    if (kept.length === 1 && Object.keys(object).length === 1) return withoutEmptyAllOf(kept[0]);
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, withoutEmptyAllOf(value)]));
}

/** camelCase from method and path: `post /api/orders/{order_id}/status/` → `postOrdersOrderIdStatus`. */
export function operationIdFor(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join('');
}

/** The names of the schemas the document refers to, followed through the components themselves. */
function referencedComponents(document: Json): Set<string> {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const seen = new Set<string>();
  const pending: unknown[] = [document.paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) pending.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          const name = value.slice('#/components/schemas/'.length);
          if (!seen.has(name)) {
            seen.add(name);
            pending.push(schemas[name]);
          }
        } else pending.push(value);
      }
    }
  }
  return seen;
}

export function finishApiDocument(built: object): Json {
  const document = withoutEmptyAllOf(structuredClone(built)) as Json;
  document.info = { ...(document.info as Json), license: { name: 'MIT', identifier: 'MIT' } };
  // The shop serves its own document: the API is on the same address as the page that read it.
  document.servers = [{ url: '/', description: 'This shop' }];

  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of methods) {
      const operation = item[method] as Operation | undefined;
      if (!operation) continue;
      operation.operationId ??= operationIdFor(method, path);
      // An operation without a bearer scheme is open to anyone: said, not left to be guessed.
      operation.security ??= [];
      const raw = rawBodies[`${method} ${path}`];
      if (raw && !operation.requestBody) {
        operation.requestBody = {
          required: true,
          description: raw.description,
          content: json({ $ref: `#/components/schemas/${raw.component}` }),
        };
      }
      operation.responses ??= {};
      const responses = operation.responses;
      const takesBody = Boolean(operation.requestBody);
      const takesPathParameters = path.includes('{');
      for (const [status, answer] of Object.entries(sharedAnswers)) {
        if (responses[status] || (answer.withBody && !takesBody)) continue;
        if (answer.withPathParameters && !takesPathParameters) continue;
        responses[status] = {
          description: answer.description,
          content: json(status === '400' ? badRequest : detailError),
        };
      }
    }
  }

  const components = document.components as Json | undefined;
  const schemas = components?.schemas as Json | undefined;
  if (components && schemas) {
    const used = referencedComponents(document);
    components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  }
  return document;
}
