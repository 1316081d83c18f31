import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, pgliteOnly } from '../../test/helpers.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { chooseLogFormat, logOutput } from './logger.ts';

/** A stream like standard output on a pipe whose reader has gone: each write fails with EPIPE. */
function brokenPipe() {
  let attempts = 0;
  const stream = new Writable({
    write(_chunk, _encoding, callback) {
      attempts++;
      callback(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    },
  });
  return { stream, attempts: () => attempts };
}

describe('the log output', () => {
  it('stops writing once the reader has gone, without throwing or retrying', async () => {
    const pipe = brokenPipe();
    const output = logOutput({ stream: pipe.stream });
    const log = pino({}, output);
    log.info('first');
    await new Promise((r) => setImmediate(r));
    expect(output.broken).toBe(true);
    for (let i = 0; i < 100; i++) log.info('more');
    expect(pipe.attempts()).toBe(1);
    expect(output.dropped).toBe(100);
    await output.flush(1000);
  });

  it('drops lines while the reader is too far behind, then says how many it dropped', async () => {
    const slow = new PassThrough({ highWaterMark: 64 });
    const output = logOutput({ stream: slow, backlogBytes: 256 });
    const log = pino({}, output);
    for (let i = 0; i < 50; i++) log.info({ i }, 'a line of some length for the backlog');
    expect(output.dropped).toBeGreaterThan(0);
    const read = slow.read()?.toString() ?? '';
    // The reader caught up: the next write drains, and the count is reported.
    let text = read;
    slow.on('data', (d) => {
      text += d;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(text).toMatch(new RegExp(`"msg":"${output.dropped} log lines dropped`));
  });

  it('writes readable lines in the pretty format, a request as method, path, status, time and id', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const log = pino({}, logOutput({ stream, format: 'pretty' }));
    log.info({ method: 'GET', url: '/api/products', status: 200, ms: 4.1, reqId: 'req-1' }, 'request');
    log.warn('the Nova Poshta directory is empty');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/products 200 4\.1 ms \[req-1\]\n$/);
    expect(lines[1]).toMatch(/WARN: the Nova Poshta directory is empty\n$/);
    expect(lines.join('')).not.toMatch(/[{}]/);
  });

  it('is pretty in a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(chooseLogFormat(undefined, true)).toBe('pretty');
    expect(chooseLogFormat(undefined, false)).toBe('json');
    expect(chooseLogFormat(undefined, undefined)).toBe('json');
    expect(chooseLogFormat('json', true)).toBe('json');
    expect(chooseLogFormat('pretty', false)).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe.each(pgliteOnly)('the request log on %s', (backend) => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await freshDatabase(backend);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-log-'));
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const appWith = async (requestTimeoutMs?: number) => {
    const lines: { level: number; url?: string; msg: string }[] = [];
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'debug' });
    fs.mkdirSync(path.join(config.mediaDir, 'products'), { recursive: true });
    fs.writeFileSync(path.join(config.mediaDir, 'products', 'one-400.webp'), Buffer.from('RIFF....WEBP'));
    const app = await buildApp({
      config,
      database,
      requestTimeoutMs,
      logger: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
    return { app, lines };
  };

  it('logs media at debug and API answers at info', async () => {
    const { app, lines } = await appWith();
    try {
      expect((await app.inject('/media/products/one-400.webp')).statusCode).toBe(200);
      expect((await app.inject('/media/products/none-400.webp')).statusCode).toBe(404);
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      expect((await app.inject('/api/no/such')).statusCode).toBe(404);
      const requests = lines.filter((l) => l.msg === 'request').map((l) => [l.url, l.level]);
      expect(requests).toEqual([
        ['/media/products/one-400.webp', 20],
        // A missing file is a broken link somewhere: worth an info line.
        ['/media/products/none-400.webp', 30],
        ['/api/health', 30],
        ['/api/no/such', 30],
      ]);
    } finally {
      await app.close();
    }
  });

  it('answers 408 and closes the connection when a request body stops coming', async () => {
    const { app } = await appWith(400);
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as net.AddressInfo;
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (d) => {
        answer += d;
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        'POST /api/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          'Content-Length: 1000\r\n\r\n{"email_or_phone":',
      );
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await app.close();
    }
  });
});
