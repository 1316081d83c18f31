import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { RateLimitStore } from './rate-limit-store.ts';

// INCR and the window's expiry in one atomic step, so a crash between them cannot leave a key
// that never expires.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** Counters in Redis, shared by every process that uses the same URL and prefix. */
export function redisStore(url: string, prefix: string, log: FastifyBaseLogger): RateLimitStore {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    // A slow or absent Redis must not hold a sign-in for long; the limiter then lets it through.
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  let lastComplaint = 0;
  redis.on('error', (error) => {
    // ioredis reports every failed reconnect; once a minute is enough to notice.
    if (Date.now() - lastComplaint < 60_000) return;
    lastComplaint = Date.now();
    log.error({ err: error }, 'rate-limit store: Redis unavailable');
  });

  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(hitScript, 1, key, windowMs)) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async reset(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
