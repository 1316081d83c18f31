import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DomainError } from '../../lib/domain-errors.ts';

/**
 * A local door into the running shop for its own command line: with the embedded database only one
 * process may open the data folder, so `create-admin` asks the process that holds it.
 *
 * Who may knock: the channel is a Unix socket in `DATA_DIR/control/`, a directory of mode 0700 owned
 * by the shop's user (the socket itself 0600). Connecting needs write access to the socket and search
 * access to the directory, so only that user (and root, who can read the database anyway) gets in;
 * nothing listens on a network port. A directory owned by someone else, or a symbolic link in its
 * place, is refused and the channel stays shut.
 *
 * What is said: one JSON line asking `{command, input}`, one JSON line answering `{ok: true, result}`,
 * `{ok: false, refusal}` (the service's own words, as the command line would print them) or
 * `{ok: false, error}`. Requests are small: a line longer than 64 KiB, or slower than 10 s, is cut off.
 */

/** One thing the running shop does when asked: it validates `input` itself, which is untrusted JSON. */
export type ControlHandler = (input: unknown) => Promise<unknown>;
export type ControlHandlers = Readonly<Record<string, ControlHandler>>;

export interface ControlChannel {
  readonly socketPath: string;
  close(): Promise<void>;
}

interface ControlLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const maxRequestBytes = 64 * 1024;
const requestTimeoutMs = 10_000;

export const controlDir = (dataDir: string) => path.join(dataDir, 'control');
export const controlSocketPath = (dataDir: string) => path.join(controlDir(dataDir), 'kram.sock');

/** The running shop refused what it was asked, in the service's words (printed like a local refusal). */
export class RefusedByShop extends DomainError {}

/** No shop listens on the data folder's channel (none runs, or it is still starting). */
export class NoShopListening extends Error {
  constructor(socketPath: string) {
    super(`No kram process answers on ${socketPath}.`);
    this.name = 'NoShopListening';
  }
}

/** Makes `DATA_DIR/control` a directory only this user may enter, or says why it cannot be one. */
function privateDirectory(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory`);
  if (process.getuid && stat.uid !== process.getuid()) throw new Error(`${dir} belongs to another user`);
  if ((stat.mode & 0o777) !== 0o700) fs.chmodSync(dir, 0o700);
}

/**
 * Listens on the data folder's channel. Call it while holding the embedded database's lock: a socket
 * file left there is then from a process that is gone, and is replaced.
 */
export async function openControlChannel(
  dataDir: string,
  handlers: ControlHandlers,
  log: ControlLog,
): Promise<ControlChannel> {
  const socketPath = controlSocketPath(dataDir);
  privateDirectory(controlDir(dataDir));
  fs.rmSync(socketPath, { force: true });

  const server = net.createServer({ allowHalfOpen: false }, (socket) => {
    socket.setTimeout(requestTimeoutMs, () => socket.destroy());
    socket.on('error', () => {});
    let received = '';
    let answered = false;
    const answer = (body: unknown) => {
      answered = true;
      socket.end(`${JSON.stringify(body)}\n`);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      if (answered) return;
      received += chunk;
      const end = received.indexOf('\n');
      if (end === -1) {
        if (Buffer.byteLength(received) > maxRequestBytes) answer({ ok: false, error: 'request too large' });
        return;
      }
      socket.pause();
      void handle(received.slice(0, end)).then(answer);
    });
  });

  async function handle(line: string): Promise<unknown> {
    let request: { command?: unknown; input?: unknown };
    try {
      request = JSON.parse(line);
    } catch {
      return { ok: false, error: 'not JSON' };
    }
    const handler =
      typeof request?.command === 'string' && Object.hasOwn(handlers, request.command)
        ? handlers[request.command]
        : undefined;
    if (!handler) return { ok: false, error: `unknown command ${JSON.stringify(request?.command)}` };
    try {
      return { ok: true, result: await handler(request.input) };
    } catch (error) {
      if (error instanceof DomainError) return { ok: false, refusal: error.message };
      log.error({ err: error, command: request.command }, 'control channel: the command failed');
      return { ok: false, error: 'the command failed: see the shop’s log' };
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  server.on('error', (error) => log.warn({ err: error }, 'control channel error'));

  return {
    socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        // Node removes the socket file when the server closes.
        server.close(() => resolve());
      }),
  };
}

/**
 * Asks the shop running on `dataDir` to run `command`. Throws NoShopListening when none listens,
 * RefusedByShop when the shop refuses, an Error when it fails.
 */
export async function askRunningShop(dataDir: string, command: string, input: unknown): Promise<unknown> {
  const socketPath = controlSocketPath(dataDir);
  const line = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = '';
    socket.setEncoding('utf8');
    socket.setTimeout(60_000, () => socket.destroy(new Error(`The shop did not answer on ${socketPath} in time.`)));
    socket.on('connect', () => socket.write(`${JSON.stringify({ command, input })}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // ENOENT: no socket; ECONNREFUSED: a socket file nobody listens on (a process that was killed).
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') reject(new NoShopListening(socketPath));
      else reject(error);
    });
  });
  let answer: { ok?: boolean; result?: unknown; refusal?: string; error?: string };
  try {
    answer = JSON.parse(line);
  } catch {
    throw new Error(`The shop answered on ${socketPath} with something that is not JSON.`);
  }
  if (answer.ok) return answer.result;
  if (typeof answer.refusal === 'string') throw new RefusedByShop(answer.refusal);
  throw new Error(`The running shop could not do it: ${answer.error ?? 'no reason given'}.`);
}
