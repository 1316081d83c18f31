import net from 'node:net';

export interface RawAnswer {
  /** null: no answer came (the connection closed, or the time ran out, before a status line). */
  status: number | null;
  headers: Record<string, string>;
  /** What followed the head, as sent (chunked framing included). */
  body: string;
}

/**
 * Sends `request` as written on the wire (request line, headers, body; a string goes as latin1) and
 * reads until the server closes the connection or `timeoutMs` passes. A socket, not an HTTP client:
 * clients refuse to send some methods or addresses, and treat CONNECT and upgrades as something else.
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(parseAnswer(received));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', finish);
    socket.write(typeof request === 'string' ? Buffer.from(request, 'latin1') : request);
  });
}

function parseAnswer(all: string): RawAnswer {
  // An interim answer (100 Continue) comes before the final one.
  let received = all;
  while (/^HTTP\/1\.[01] 1\d\d /.test(received) && received.includes('\r\n\r\n')) {
    received = received.slice(received.indexOf('\r\n\r\n') + 4);
  }
  const end = received.indexOf('\r\n\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1];
  if (end === -1 || !status) return { status: null, headers: {}, body: received };
  const headers: Record<string, string> = {};
  for (const line of received.slice(0, end).split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(status), headers, body: received.slice(end + 4) };
}
