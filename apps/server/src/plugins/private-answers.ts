import type { FastifyInstance } from 'fastify';
import '../infra/http/shared-answer.ts';

const apiPath = /^\/api(\/|\?|$)/;

/**
 * What the API answers depends on who asks (a profile, orders, a wishlist, tokens, the back office, an
 * order found by its secret id), unless its route declares it shared: every API answer is
 * `Cache-Control: no-store` but those, and those too when the request carries credentials (a signed-in
 * shopper sees prices). One rule here instead of a header in each handler, private by default: a new
 * route is never cached by mistake.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!apiPath.test(request.url)) return done();
    const shared = request.routeOptions.config?.sharedAnswer === true;
    if (!shared || request.headers.authorization !== undefined) reply.header('cache-control', 'no-store');
    done();
  });
}
