import crypto from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers.ts';
import { signUp } from '../../../test/users.ts';
import { rateLimits } from './rate-limiter.ts';
import { redisStore } from './redis-store.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = `kram-test-${crypto.randomBytes(6).toString('hex')}:`;
// Nothing listens on port 1.
const deadRedis = 'redis://127.0.0.1:1';

/** A logger whose lines the test reads. */
function recordingLog() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, stream) as unknown as FastifyBaseLogger, lines };
}
const warnings = (lines: { level: number; msg: string }[]) => lines.filter((line) => line.level === 40);

describe('the Redis store with Redis down', () => {
  it('counts in process memory, and says so once', async () => {
    const { log, lines } = recordingLog();
    const store = redisStore(deadRedis, prefix, log);
    try {
      const counts = [];
      for (let i = 0; i < 6; i++) counts.push((await store.hit('k', 60_000)).count);
      expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
      await store.reset('k');
      expect((await store.hit('k', 60_000)).count).toBe(1);
      expect(warnings(lines)).toHaveLength(1);
      expect(warnings(lines)[0]?.msg).toMatch(/Redis unavailable, counting in process memory/);
    } finally {
      await store.close();
    }
  });

  it('keeps the sign-in lockout: the sixth try on an account is a 429', async () => {
    const ctx = await createTestContext('pglite', { REDIS_URL: deadRedis, REDIS_KEY_PREFIX: prefix });
    try {
      const user = await signUp(ctx.app);
      const login = async (password: string) =>
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/login/',
            payload: { email_or_phone: user.email, password },
            headers: { 'x-forwarded-for': `10.9.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}` },
          })
        ).statusCode;
      for (let i = 0; i < rateLimits.loginPerAccount.limit; i++) expect(await login('wrong-password')).toBe(401);
      expect(await login(user.password)).toBe(429);
    } finally {
      await ctx.close();
    }
  });
});

/** A TCP relay to the real Redis that the test can cut and restore, as a network outage would. */
async function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: () => listen(port),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(redisUrl)('the Redis store when Redis goes away and comes back', () => {
  let direct: Redis;
  beforeAll(() => {
    direct = new Redis(redisUrl as string, { keyPrefix: prefix });
  });
  afterAll(async () => {
    await direct.del('back', 'probe');
    direct.disconnect();
  });

  it('counts in Redis, then in memory during the outage, then in Redis again', async () => {
    const relay = await relayTo(new URL(redisUrl as string));
    const { log, lines } = recordingLog();
    const store = redisStore(relay.url, prefix, log, { reconnectDelayMs: () => 50, pauseAfterFailureMs: 50 });
    try {
      expect((await store.hit('back', 60_000)).count).toBe(1);
      expect(await direct.get('back')).toBe('1');

      await relay.cut();
      const during = [];
      for (let i = 0; i < 3; i++) during.push((await store.hit('back', 60_000)).count);
      // Memory starts its own count; Redis did not see these.
      expect(during).toEqual([1, 2, 3]);
      expect(await direct.get('back')).toBe('1');
      expect(warnings(lines)).toHaveLength(1);

      await relay.restore();
      await expect
        .poll(async () => {
          await store.hit('probe', 60_000);
          return direct.get('probe');
        })
        .not.toBeNull();
      expect((await store.hit('back', 60_000)).count).toBe(2);
      expect(await direct.get('back')).toBe('2');
      expect(lines.some((line) => /Redis is back/.test(line.msg))).toBe(true);
    } finally {
      await store.close();
      await relay.close();
    }
  });
});
