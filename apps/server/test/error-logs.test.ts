import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogStream, takeErrorLogProblems } from './error-logs.ts';
import { createTestContext, type TestContext } from './helpers.ts';

// Each test reads the problems itself (takeErrorLogProblems clears them), so the check after the
// test, which would otherwise fail it, finds nothing left.
describe('error logs in tests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('an error the app logs and the test did not declare is a problem', async () => {
    ctx.app.log.error({ err: new Error('disk on fire') }, 'mail not sent');
    expect(takeErrorLogProblems()).toEqual(['unexpected error log: [error] mail not sent (Error: disk on fire)']);
    // Taken once: the next check starts clean.
    expect(takeErrorLogProblems()).toEqual([]);
  });

  it('so is a fatal line, and one a request logs', async () => {
    ctx.app.log.fatal('out of memory');
    ctx.app.log.child({ reqId: 'req-1' }).error('request failed');
    expect(takeErrorLogProblems()).toEqual([
      'unexpected error log: [fatal] out of memory',
      'unexpected error log: [error] request failed',
    ]);
  });

  it('a declared error passes, and only the lines it matches', async () => {
    ctx.expectErrorLog(/mail not sent/);
    ctx.app.log.error('mail not sent');
    ctx.app.log.error('mail not sent again');
    ctx.app.log.error('payment failed');
    expect(takeErrorLogProblems()).toEqual(['unexpected error log: [error] payment failed']);
  });

  it('the pattern also matches the logged error', async () => {
    ctx.expectErrorLog(/ECONNREFUSED/, /notice failed \(Error: connect/, /at .*error-logs\.test\.ts/);
    ctx.app.log.error({ err: new Error('connect ECONNREFUSED 127.0.0.1:9') }, 'telegram notice failed');
    expect(takeErrorLogProblems()).toEqual([]);
  });

  it('an expected error that does not come fails the test', async () => {
    ctx.expectErrorLog(/order mail not sent/);
    expect(takeErrorLogProblems()).toEqual(['expected an error log matching /order mail not sent/']);
  });

  it('an allowed error may come or not', async () => {
    ctx.allowErrorLogs(/rate-limit store/);
    expect(takeErrorLogProblems()).toEqual([]);
    ctx.allowErrorLogs(/rate-limit store/);
    ctx.app.log.error('rate-limit store: Redis unavailable');
    expect(takeErrorLogProblems()).toEqual([]);
  });

  it('declarations last one test', async () => {
    ctx.expectErrorLog(/mail not sent/);
    takeErrorLogProblems();
    ctx.app.log.error('mail not sent');
    expect(takeErrorLogProblems()).toEqual(['unexpected error log: [error] mail not sent']);
  });

  it('warnings and below are not errors', async () => {
    ctx.app.log.warn('catalogue warm-up failed');
    errorLogStream.write(`${JSON.stringify({ level: 40, msg: 'a warning' })}\n`);
    errorLogStream.write(`${JSON.stringify({ level: 30, msg: 'request' })}\n`);
    expect(takeErrorLogProblems()).toEqual([]);
  });

  // The check after each test (test/setup-each-file.ts) is what fails these two.
  it.fails('a test whose app logged an undeclared error fails', async () => {
    ctx.app.log.error('order mail not sent');
  });

  it.fails('a test whose expected error did not come fails', async () => {
    ctx.expectErrorLog(/order mail not sent/);
  });

  it('a not-found logs nothing; a failure inside a request does', async () => {
    const missing = await ctx.app.inject('/api/no-such-call/');
    expect(missing.statusCode).toBe(404);
    expect(takeErrorLogProblems()).toEqual([]);

    // An app whose database is gone fails every query: the error handler logs it and answers 500.
    const broken = await createTestContext('pglite');
    await broken.database.close();
    try {
      const failed = await broken.app.inject({
        method: 'POST',
        url: '/api/login/',
        payload: { email_or_phone: 'nobody@example.com', password: 'whatever-password' },
      });
      expect(failed.statusCode).toBe(500);
      expect(takeErrorLogProblems()).toEqual([
        expect.stringMatching(/^unexpected error log: \[error\] unhandled error/),
      ]);
    } finally {
      await broken.app.close();
      fs.rmSync(broken.config.dataDir, { recursive: true, force: true });
    }
  });
});
