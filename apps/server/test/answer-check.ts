import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/**
 * Every JSON answer the app gives in a test is parsed with its route's response schema for that
 * status. Zod drops keys a schema does not name, so an answer that differs from its parsed self holds
 * something the contract does not describe (a leaked column, a renamed field): the test fails.
 */
const violations: string[] = [];

export function checkAnswersAgainstContract(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const responses = request.routeOptions.schema?.response as Record<string, z.ZodType> | undefined;
    const schema = responses?.[reply.statusCode] ?? responses?.[`${String(reply.statusCode)[0]}xx`];
    const where = `${request.method} ${request.url} → ${reply.statusCode}`;
    if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') {
      // Undocumented answers are for the router's own 404s and error statuses the contract lists elsewhere.
      if (responses && reply.statusCode < 300) violations.push(`${where}: no response schema for this status`);
      return payload;
    }
    const body: unknown = JSON.parse(payload);
    const parsed = schema.safeParse(body);
    if (!parsed.success) violations.push(`${where}: ${parsed.error.message}`);
    else if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), body)) {
      violations.push(`${where}: the answer holds fields its schema does not name: ${payload.slice(0, 300)}`);
    }
    return payload;
  });
}

/** The violations seen since the last call (the per-test check empties it). */
export function takeAnswerViolations(): string[] {
  return violations.splice(0);
}
