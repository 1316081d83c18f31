import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorCode, errorCodesHeader, writeErrorCodes } from '@kram/contract/error-codes';
import { codeOfMessage } from '@kram/contract/message-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCodesFor } from '../lib/domain-error-codes.ts';
import {
  Conflict,
  DomainError,
  type FieldErrors,
  Forbidden,
  InvalidInput,
  KeyReused,
  LimitExceeded,
  NotFound,
  Refused,
  RuleViolation,
  Unauthenticated,
  Unavailable,
  UpstreamFailed,
} from '../lib/domain-errors.ts';
import { inputErrorAnswer } from '../lib/pg-errors.ts';

/** The longest path segment the router hands to a route; longer ones are refused before routing. */
export const maxPathSegment = 2048;

/** The one code of an answer that has no message of a service: `http.404`, `http.405`… */
const httpCode = (status: number) => writeErrorCodes([{ code: `http.${status}` }]);

/** Errors the router raises before any route is found: an address that does not decode, or a segment beyond `maxPathSegment`. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply
      .code(414)
      .header(errorCodesHeader, httpCode(414))
      .send({ detail: 'The address is longer than the shop accepts.' });
    return;
  }
  reply
    .code(400)
    .header(errorCodesHeader, httpCode(400))
    .send({ detail: 'The address is not valid: it holds a broken %-encoding.' });
}

/**
 * A method the address does not answer: 405 naming the ones it does (`allowed`), in the API's error
 * shape. Pages answer GET and HEAD only.
 */
export function refuseMethod(request: FastifyRequest, reply: FastifyReply, allowed: readonly string[]): FastifyReply {
  return reply
    .code(405)
    .header('allow', allowed.join(', '))
    .header(errorCodesHeader, httpCode(405))
    .send({ detail: `Method "${request.method}" not allowed.` });
}

/**
 * A failure nothing foresaw: logged with the stack, answered 500 with the request's id, which lets a
 * shopper's report of it be matched with the log line. When the answer has already begun (a streamed
 * page), its connection is cut, so the client sees it broken rather than complete.
 */
export function answerUnexpected(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  request.log.error({ err: error }, 'unhandled error');
  if (reply.sent || reply.raw.headersSent) {
    reply.raw.destroy();
    return;
  }
  reply.code(500).send({ detail: 'Internal server error.', request_id: request.id });
}

/**
 * CONNECT asks for a tunnel, which the shop does not offer. Node hands such a request to the server's
 * 'connect' listeners, never to Fastify, and without one cuts the connection without a word: it is
 * answered here instead, 405 in the API's error shape, and the connection closed.
 */
export function refuseTunnels(app: FastifyInstance, requestId: (raw: IncomingMessage) => string): void {
  app.server.on('connect', (raw: IncomingMessage, socket: Duplex) => {
    // A client that resets the connection must not raise an error nobody listens to.
    socket.on('error', () => {});
    const id = requestId(raw);
    const body = JSON.stringify({ detail: 'Method "CONNECT" not allowed.' });
    socket.end(
      [
        'HTTP/1.1 405 Method Not Allowed',
        'Allow: GET, HEAD',
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${id}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
    app.log.info({ reqId: id, method: raw.method, url: raw.url, status: 405 }, 'request');
  });
}

/** Each kind of domain error as the API answers it (spec section 8's bodies). */
const statusOf = new Map<abstract new (...args: never[]) => DomainError, number>([
  [InvalidInput, 400],
  [RuleViolation, 400],
  [Refused, 400],
  [Unauthenticated, 401],
  [Forbidden, 403],
  [NotFound, 404],
  [Conflict, 409],
  [KeyReused, 422],
  [LimitExceeded, 429],
  [UpstreamFailed, 502],
  [Unavailable, 503],
]);

export function answerFor(error: DomainError): { status: number; body: object; headers: Record<string, string> } {
  const status = statusOf.get(error.constructor as abstract new (...args: never[]) => DomainError) ?? 500;
  const headers: Record<string, string> = { [errorCodesHeader]: writeErrorCodes(errorCodesFor(error)) };
  if (error instanceof InvalidInput) return { status, body: error.fields, headers };
  if (error instanceof Refused) return { status, body: error.body, headers };
  const body: Record<string, unknown> = error.code
    ? { detail: error.message, code: error.code }
    : { detail: error.message };
  if (error instanceof NotFound && error.movedTo) body.moved_to = error.movedTo;
  if (error instanceof LimitExceeded) headers['retry-after'] = String(error.retryAfterSeconds);
  return { status, body, headers };
}

/** The values a schema's refusal names (`minimum`, `maximum`, the allowed `values`), as the header carries them. */
function issueParams(params: Record<string, unknown> | undefined): Record<string, string | number> | undefined {
  const out: Record<string, string | number> = {};
  for (const name of ['minimum', 'maximum', 'expected', 'format', 'origin', 'values', 'keys']) {
    const value = params?.[name];
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
    else if (typeof value === 'bigint') out[name] = Number(value);
    else if (Array.isArray(value)) out[name] = value.map(String).join(', ');
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** One place decides what a failure looks like to a client; stack traces stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      const codes: ErrorCode[] = [];
      for (const issue of error.validation) {
        // instancePath is "/field/0/sub"; a body that is not an object at all has the empty path.
        const name = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        const message = issue.message ?? 'Invalid value.';
        fields[name] = [...(fields[name] ?? []), message];
        // A message of the contract's catalogues is its own code; any other names the schema's check and its values.
        const known = codeOfMessage(message);
        const params = known ? undefined : issueParams(issue.params);
        codes.push({ field: name, code: known ?? `zod.${issue.keyword}`, ...(params && { params }) });
      }
      return reply.code(400).header(errorCodesHeader, writeErrorCodes(codes)).send(fields);
    }
    if (error instanceof DomainError) {
      const answer = answerFor(error);
      if (answer.status >= 500) {
        // A service that answers "unavailable" has logged the cause itself, if there was one.
        request.log.warn({ err: error }, 'request refused for now');
        return reply
          .code(answer.status)
          .headers(answer.headers)
          .send({ ...answer.body, request_id: request.id });
      }
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.code(status).header(errorCodesHeader, httpCode(status)).send({ detail: error.message });
    }
    // A value the database could not take, or a clash with a row, that no service foresaw: the
    // request's fault, answered as such, and logged so the service can learn to say it better.
    const input = inputErrorAnswer(error);
    if (input) {
      request.log.warn({ err: error }, 'database refused the request’s values');
      return reply.code(input.status).header(errorCodesHeader, httpCode(input.status)).send({ detail: input.detail });
    }
    return answerUnexpected(error, request, reply);
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).header(errorCodesHeader, httpCode(404)).send({ detail: 'Not found.' });
  });
}
