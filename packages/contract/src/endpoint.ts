import type { z } from 'zod';

/**
 * One API call as both browser apps make it: method, path, and the schemas the server validates it
 * with. The schemas are loaded on demand (`schemas()`), so that a production bundle that never checks
 * an answer carries no zod for it; the types are read from them all the same.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call takes and what it answers, as the server's route declares them. */
export interface EndpointSchemas {
  /** The path's parameters (`:slug` in `/api/products/:slug`). */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, or the fields of a multipart form. */
  body?: z.ZodType;
  /** The body of a successful answer; absent when it has none (204) or is not JSON (a file). */
  answer?: z.ZodType;
  /** The body of each failed answer the call may give, by status. */
  errors?: Readonly<Record<number, z.ZodType>>;
}

/** `multipart`: the body is a FormData of the body schema's fields (uploads); JSON otherwise. */
export type Encoding = 'json' | 'multipart';

export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  S extends EndpointSchemas = EndpointSchemas,
  E extends Encoding = Encoding,
> {
  method: M;
  /** A template: `:name` is a parameter, filled in and escaped by the client. */
  path: P;
  /** The statuses of the failed answers the call may give (the keys of its schemas' `errors`). */
  errors: readonly number[];
  encoding?: E;
  /**
   * `none`: the call never carries the signed-in account's token, and a 401 is its own answer, not
   * an expired token to refresh (signing in, the refresh itself).
   */
  auth?: 'none';
  schemas: () => Promise<S>;
}

/** Any endpoint, whatever its schemas. */
// biome-ignore lint/suspicious/noExplicitAny: a descriptor of any method, path and schemas
export type AnyEndpoint = Endpoint<Method, string, any, Encoding>;

/** Declares an endpoint; its schemas are loaded once, on the first call that needs them. */
export function endpoint<
  const M extends Method,
  const P extends string,
  S extends EndpointSchemas,
  const E extends Encoding = 'json',
>(descriptor: Endpoint<M, P, S, E>): Endpoint<M, P, S, E> {
  let loaded: Promise<S> | undefined;
  return { ...descriptor, schemas: () => (loaded ??= descriptor.schemas()) };
}

/** `GET /api/products/:slug`: how errors and messages name an endpoint. */
export const endpointName = (e: Pick<AnyEndpoint, 'method' | 'path'>): string => `${e.method} ${e.path}`;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters of a path template: `{slug: …}` for `/api/products/:slug`. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** A value of a query key; arrays become repeated keys, empty values are left out. */
export type QueryValue = string | number | boolean | Date | null | undefined | readonly (string | number)[];

type SchemasOf<E> = E extends Endpoint<Method, string, infer S, Encoding> ? S : never;
type PathOf<E> = E extends Endpoint<Method, infer P, EndpointSchemas, Encoding> ? P : never;

/** The query a call may send: the keys its schema names, each as a query string carries it. */
export type QueryOf<E> =
  SchemasOf<E> extends { query: infer Q extends z.ZodType } ? { [K in keyof z.output<Q>]?: QueryValue } : never;

/** The body a call sends: JSON of the body schema's input, or a FormData for an upload. */
export type BodyOf<E> =
  E extends Endpoint<Method, string, EndpointSchemas, 'multipart'>
    ? FormData
    : SchemasOf<E> extends { body: infer B extends z.ZodType }
      ? z.input<B>
      : never;

/** A successful answer's body: the answer schema's output, or null for an answer without one. */
export type AnswerOf<E> = SchemasOf<E> extends { answer: infer A extends z.ZodType } ? z.output<A> : null;

type ParamsPart<E> = [ParamNames<PathOf<E>>] extends [never] ? { params?: never } : { params: PathParams<PathOf<E>> };
type QueryPart<E> = [QueryOf<E>] extends [never] ? { query?: never } : { query?: QueryOf<E> };
type BodyPart<E> = [BodyOf<E>] extends [never]
  ? { body?: never }
  : undefined extends BodyOf<E>
    ? { body?: BodyOf<E> }
    : { body: BodyOf<E> };

/** What one call is given besides its endpoint. */
export type CallOptions<E> = ParamsPart<E> &
  QueryPart<E> &
  BodyPart<E> & {
    /** Extra request headers (an order's Idempotency-Key). */
    headers?: Record<string, string>;
    signal?: AbortSignal;
  };

/** The options as a call's rest arguments: optional when nothing in them is required. */
export type CallArgs<E> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The address of a call: the path with its parameters filled in, and the query. */
export function endpointUrl(
  e: Pick<AnyEndpoint, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, QueryValue>,
): string {
  const path = e.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${e.path}: no value for the parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) appendQuery(search, key, value);
  return search.size ? `${path}?${search}` : path;
}

function appendQuery(search: URLSearchParams, key: string, value: QueryValue | string | number): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) for (const item of value) appendQuery(search, key, item);
  else if (value instanceof Date) search.append(key, value.toISOString());
  else search.append(key, String(value));
}
