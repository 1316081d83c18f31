import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What an incoming id may look like: nginx's `$request_id` (32 hex digits), a UUID, a short token. */
const safeRequestId = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * A request's id: the one the proxy in front sent in X-Request-Id, so its log and ours share it, when
 * it is short and plain; otherwise a new UUID. Anything else a client sends would land verbatim in
 * every log line of the request (newlines, megabytes), so it is not taken.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : crypto.randomUUID();
}

/** Every answer names its request, so a shopper's report of a failure can be found in the log. */
export function registerRequestId(app: FastifyInstance): void {
  // onSend, not onRequest: an address the router refuses before routing skips the request hooks.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
}
