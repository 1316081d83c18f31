import { z } from 'zod';

export const health = z
  .object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) })
  .meta({ id: 'Health' });

/** Whether a load balancer should send this process traffic: only `ready` is answered 200. */
export const readinessAnswer = z
  .object({ status: z.enum(['ready', 'starting', 'draining', 'unavailable']) })
  .meta({ id: 'Readiness' });
