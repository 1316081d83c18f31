import type { FastifyReply, FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

export interface LogOutput extends DestinationStream {
  /** Lines not written: the reader had gone, or was further behind than the backlog allows. */
  readonly dropped: number;
  /** Set once the output failed (EPIPE: the reader has gone): from then on every line is dropped. */
  readonly broken: boolean;
  /** Waits, at most `ms`, for the lines already handed over to be written. Never throws. */
  flush(ms: number): Promise<void>;
}

/** What a log line may wait in memory for a slow reader before lines are dropped instead. */
const defaultBacklogBytes = 4 * 1024 * 1024;

/**
 * Where the server's log lines go: standard output as a Node stream, never pino's default
 * destination. That one writes fd 1 from the thread pool and, on exit, flushes what is pending with
 * a loop that retries every error but EAGAIN forever, 100 ms apart in Atomics.wait: once the reader
 * of a pipe has gone (`node src/server.ts | cat` with `cat` ended), the process never leaves its
 * 'exit' handler. Here a pipe or a socket is written without blocking (Node queues what the reader
 * has not taken yet), a file or a terminal synchronously; a failed output (EPIPE, EIO) stops the
 * logging instead of the process, and a reader that falls far behind loses lines, counted and
 * reported when it catches up, rather than the process memory growing without end.
 */
export function logOutput(
  options: {
    format?: LogFormat;
    /** Default process.stdout. */
    stream?: NodeJS.WritableStream & { writableLength?: number; isTTY?: boolean };
    backlogBytes?: number;
  } = {},
): LogOutput {
  const stream = options.stream ?? process.stdout;
  const backlogBytes = options.backlogBytes ?? defaultBacklogBytes;
  const format = options.format === 'pretty' ? prettyLines(Boolean(stream.isTTY)) : (line: string) => line;
  let broken = false;
  let dropped = 0;
  let droppedReported = 0;

  const fail = () => {
    broken = true;
  };
  // Without a listener, an EPIPE on standard output is an uncaught exception.
  stream.on('error', fail);
  stream.on('drain', () => {
    if (broken || dropped === droppedReported) return;
    const count = dropped - droppedReported;
    droppedReported = dropped;
    put(
      format(
        `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, msg: `${count} log lines dropped: the log reader fell behind` })}\n`,
      ),
    );
  });

  const put = (text: string) => {
    try {
      stream.write(text);
    } catch {
      // A file on a full disk throws from a synchronous write.
      fail();
    }
  };

  return {
    get dropped() {
      return dropped;
    },
    get broken() {
      return broken;
    },
    write(line: string) {
      if (broken || (stream.writableLength ?? 0) > backlogBytes) {
        dropped++;
        return;
      }
      put(format(line));
    },
    flush(ms: number) {
      if (broken || !stream.writableLength) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          stream.off('drain', done);
          stream.off('error', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        stream.once('drain', done);
        stream.once('error', done);
      });
    },
  };
}

/** The log format: LOG_FORMAT when set, else readable lines in a terminal and JSON lines elsewhere. */
export function chooseLogFormat(configured: LogFormat | undefined, isTTY: boolean | undefined): LogFormat {
  return configured ?? (isTTY ? 'pretty' : 'json');
}

/** One readable line per entry, in this process (no worker thread that could hold the shutdown). */
function prettyLines(colorize: boolean): (line: string) => string {
  const pretty = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return (line) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(line);
    } catch {
      return line;
    }
    // The request line reads like an access log, "GET /api/products 200 4.1 ms [id]": the id is what
    // a shopper quotes from an error, so it stays on the line.
    if (entry.msg === 'request' && typeof entry.method === 'string') {
      const { method, url, status, ms, reqId, ...rest } = entry;
      entry = { ...rest, msg: `${method} ${url} ${status} ${ms} ms${reqId === undefined ? '' : ` [${reqId}]`}` };
    }
    return pretty(entry);
  };
}

/**
 * The level of a request's log line: files (the storefront's assets and public files, media)
 * at debug, so a page with twenty images is one line, not twenty-one; everything else at info.
 */
export function requestLogLevel(request: FastifyRequest, reply: FastifyReply): 'debug' | 'info' {
  if (reply.statusCode >= 500) return 'info';
  return servesFiles(request) ? 'debug' : 'info';
}

/** Whether the request's route serves files (the storefront's assets and public files, media). */
export function servesFiles(request: FastifyRequest): boolean {
  const route = request.routeOptions;
  // @fastify/static: one route per file found at start (its config names the file), or a prefix/*.
  return (
    (route.config as { rootPath?: unknown } | undefined)?.rootPath !== undefined ||
    route.url === '/media/*' ||
    route.url === '/assets/*'
  );
}

/** A process's own log, as its configuration asks: readable in a terminal, JSON lines otherwise. */
export function processLog(config: { logLevel: string; logFormat?: LogFormat }): { log: Logger; output: LogOutput } {
  const output = logOutput({ format: chooseLogFormat(config.logFormat, process.stdout.isTTY) });
  return { log: pino({ level: config.logLevel }, output), output };
}
