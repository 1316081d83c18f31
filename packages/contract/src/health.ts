import { z } from 'zod';

export const health = z
  .object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) })
  .meta({ id: 'Health' });
