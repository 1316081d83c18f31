import { z } from 'zod';

/** A 503 also carries `request_id`, the request's id in the shop's log, as every 5xx answer does. */
export const health = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['up', 'down']),
    request_id: z.string().optional(),
  })
  .meta({ id: 'Health' });

/** Whether a load balancer should send this process traffic: only `ready` is answered 200. */
export const readinessAnswer = z
  .object({ status: z.enum(['ready', 'starting', 'draining', 'unavailable']), request_id: z.string().optional() })
  .meta({ id: 'Readiness' });
