import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * An SMTP server that counts what it receives by Message-ID, and which "generation" of the shop's
 * processes first delivered each mail (a bench bumps it when it restarts the shop).
 */
export async function startSmtpSink() {
  const byMessageId = new Map<string, number>();
  const firstBy = new Map<string, number>();
  let generation = 1;
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Loopback clients: a reverse DNS lookup per connection would only slow the sink down.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const head =
          Buffer.concat(chunks)
            .toString('utf8')
            .split(/\r?\n\r?\n/)[0] ?? '';
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? '(none)';
        byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
        if (!firstBy.has(id)) firstBy.set(id, generation);
        received++;
        callback();
      });
    },
  });
  // A killed server's SMTP connections are reset mid-session: expected, not a failure of the sink.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    byMessageId,
    firstBy,
    restarted: () => {
      generation++;
    },
    received: () => received,
    /** Resolves once nothing has arrived for `quietMs` (or `limitMs` has passed). */
    async quiet(quietMs: number, limitMs: number): Promise<number> {
      const started = performance.now();
      let last = -1;
      let quietSince = performance.now();
      while (performance.now() - quietSince < quietMs && performance.now() - started < limitMs) {
        if (received !== last) {
          last = received;
          quietSince = performance.now();
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return quietSince - started;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
