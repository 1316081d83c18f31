import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, pgliteOnly, type TestContext } from '../../../test/helpers.ts';
import { signUp } from '../../../test/users.ts';
import { createMailer } from './mailer.ts';
import { feedbackMail, passwordResetMail } from './templates.ts';

/** A real pino logger whose lines are kept for the test to read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: 'info' }, sink), lines };
}

describe('the outbox (no SMTP_URL)', () => {
  it('writes each mail as an .eml file with text and HTML parts, and logs its links', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-outbox-'));
    const { log, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'kram <noreply@localhost>', outboxDir }, log);
    try {
      const link = 'http://localhost:3000/change-password?token=abc&uid=MQ';
      await mailer.send(passwordResetMail('uk', { email: 'ivan@example.com', name: 'Іван' }, link));

      const files = fs.readdirSync(outboxDir);
      expect(files).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT.*\.eml$/)]);
      const mail = await PostalMime.parse(fs.readFileSync(path.join(outboxDir, files[0] as string)));
      expect(mail.to).toEqual([{ address: 'ivan@example.com', name: '' }]);
      expect(mail.from).toEqual({ address: 'noreply@localhost', name: 'kram' });
      expect(mail.subject).toBe('Відновлення пароля');
      expect(mail.text).toContain(link);
      expect(mail.html).toContain('Встановити новий пароль');

      const logged = lines.find((l) => l.msg === 'mail written to the outbox (SMTP_URL unset)');
      expect(logged).toMatchObject({
        to: 'ivan@example.com',
        links: [link],
        file: path.join(outboxDir, files[0] as string),
      });
    } finally {
      mailer.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe.each(pgliteOnly)('the reset flow offline on %s', (backend) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(backend);
  });
  afterAll(() => ctx?.close());

  it('puts the reset mail in $DATA_DIR/outbox, and its link works', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/password-reset-request/',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    // The mail may be written just after the answer: wait for it.
    const outboxFiles = () => (fs.existsSync(ctx.config.outboxDir) ? fs.readdirSync(ctx.config.outboxDir) : []);
    for (let i = 0; i < 100 && outboxFiles().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    const [file] = outboxFiles();
    const mail = await PostalMime.parse(fs.readFileSync(path.join(ctx.config.outboxDir, file as string)));
    const link = new URL(mail.text?.match(/http:\/\/\S+/)?.[0] as string);
    expect(link.origin).toBe(ctx.config.publicUrl);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/reset-password/',
      payload: { token: link.searchParams.get('token'), uid: link.searchParams.get('uid'), new_password: 'offline1' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('mail templates', () => {
  it('escape what a shopper typed in the HTML part', () => {
    const mail = feedbackMail('uk', 'shop@localhost', {
      name: '<b>Ivan</b>',
      phoneNumber: '',
      email: 'i@example.com',
      message: '"quoted" & <img src=x onerror=alert(1)>',
    });
    expect(mail.html).not.toMatch(/<img|<b>Ivan/);
    expect(mail.html).toContain('&quot;quoted&quot; &amp; &lt;img');
    expect(mail.text).toContain('"quoted" & <img src=x onerror=alert(1)>');
  });
});
