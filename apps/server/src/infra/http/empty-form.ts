import type { FastifyInstance } from 'fastify';

/**
 * A page's plain forms (no fields, a button only) post an empty urlencoded body: accepted, with
 * nothing in it to read, and nothing larger than a form of buttons.
 */
export function acceptButtonForms(context: FastifyInstance): void {
  context.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
}
