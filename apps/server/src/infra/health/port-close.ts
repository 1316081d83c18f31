import type http from 'node:http';
import net from 'node:net';

export interface PortCloseOptions {
  /**
   * How long a connection accepted before the port closed may take to start its first request: a
   * client (or a proxy) that connected just before is writing it as the port closes.
   */
  firstRequestMs: number;
  /** How long the requests received may take to finish before every connection left is cut. */
  graceMs: number;
  /** Told when the grace period ends with connections still open (a stalled body, a slow client). */
  onGraceOver?: () => void;
}

/**
 * Closes an HTTP server's port without losing a request it received: no new connection is accepted,
 * every request already under way is answered, each connection is closed once it falls idle, and after
 * `graceMs` whatever is still open is cut. Resolves when no connection is left.
 *
 * http.Server#close() is not used for the first step: it also destroys, there and then, every
 * connection idle at that moment, among them connections just accepted whose first request is still on
 * its way, so those clients would see a reset instead of an answer.
 */
export async function closePort(server: http.Server, options: PortCloseOptions): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    net.Server.prototype.close.call(server, () => resolve());
  });
  let reaper: NodeJS.Timeout | undefined;
  const reapFrom = setTimeout(() => {
    server.closeIdleConnections();
    reaper = setInterval(() => server.closeIdleConnections(), 50);
  }, options.firstRequestMs);
  const cut = setTimeout(() => {
    options.onGraceOver?.();
    server.closeAllConnections();
  }, options.graceMs);
  try {
    await closed;
  } finally {
    clearTimeout(reapFrom);
    clearInterval(reaper);
    clearTimeout(cut);
  }
}
