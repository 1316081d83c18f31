import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { memoryStore, type RateLimitStore } from './rate-limit-store.ts';

// INCR and the window's expiry in one atomic step, so a crash between them cannot leave a key
// that never expires.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

export interface RedisStoreOptions {
  /** Longest wait for a connection to be made (the first one included). */
  connectTimeoutMs?: number;
  /** Longest wait for one command on a connection that hangs. */
  commandTimeoutMs?: number;
  /** After a command failed, how long to count in memory before asking Redis again. */
  pauseAfterFailureMs?: number;
  /** Delay before the n-th reconnection attempt; ioredis keeps trying for as long as the process runs. */
  reconnectDelayMs?: (attempt: number) => number;
}

/**
 * Counters in Redis, shared by every process that uses the same URL and prefix. While Redis cannot be
 * reached, the counters are kept in this process's memory instead, so the limits still hold (per
 * process) rather than switching off; one warning says so, and Redis is used again once it answers.
 * No request waits for a dead Redis: commands are not queued while disconnected, a refused
 * connection fails at once, and a hanging one costs one command timeout per pause.
 */
export function redisStore(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
  options: RedisStoreOptions = {},
): RateLimitStore {
  const pauseAfterFailureMs = options.pauseAfterFailureMs ?? 5000;
  const fallback = memoryStore();
  const redis = new Redis(url, {
    keyPrefix: prefix,
    enableOfflineQueue: false,
    connectTimeout: options.connectTimeoutMs ?? 1000,
    commandTimeout: options.commandTimeoutMs ?? 500,
    maxRetriesPerRequest: 0,
    retryStrategy: options.reconnectDelayMs ?? ((attempt) => Math.min(attempt * 200, 2000)),
  });

  let down = false;
  let pausedUntil = 0;
  function wentDown(reason: unknown) {
    if (down) return;
    down = true;
    log.warn({ err: reason }, 'rate-limit store: Redis unavailable, counting in process memory until it is back');
  }
  function cameBack() {
    if (!down) return;
    down = false;
    log.info('rate-limit store: Redis is back, counting there again');
  }
  // ioredis reports every failed reconnection; the first one of an outage is the one worth a line.
  redis.on('error', wentDown);
  redis.on('ready', cameBack);

  // Until the first connection attempt has settled, calls wait for it (at most connectTimeoutMs), so a
  // healthy Redis is not skipped by the first requests after start.
  let firstAttempt: Promise<void> | undefined = new Promise<void>((resolve) => {
    const settle = () => {
      firstAttempt = undefined;
      resolve();
    };
    redis.once('ready', settle);
    redis.once('error', settle);
    redis.once('end', settle);
  });

  /** Runs `command` on Redis when it can be asked now; undefined when the memory must answer. */
  async function onRedis<T>(command: () => Promise<T>): Promise<T | undefined> {
    if (firstAttempt) await firstAttempt;
    if (Date.now() < pausedUntil) return undefined;
    if (redis.status !== 'ready') {
      wentDown(new Error(`Redis connection is ${redis.status}`));
      return undefined;
    }
    try {
      const result = await command();
      cameBack();
      return result;
    } catch (error) {
      pausedUntil = Date.now() + pauseAfterFailureMs;
      wentDown(error);
      return undefined;
    }
  }

  return {
    async hit(key, windowMs) {
      const answer = await onRedis(() => redis.eval(hitScript, 1, key, windowMs) as Promise<[number, number]>);
      if (!answer) return fallback.hit(key, windowMs);
      const [count, ttl] = answer;
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async reset(key) {
      await fallback.reset(key);
      await onRedis(() => redis.del(key));
    },
    async close() {
      await fallback.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
