import { RegisterError } from './register.ts';

/** One call of Checkbox's REST protocol, as it travels: a method, a path under the API's base, headers, JSON. */
export interface CheckboxCall {
  method: 'GET' | 'POST';
  /** `/receipts/sell`, under the API's base (`…/api/v1`). */
  path: string;
  headers: Record<string, string>;
  body?: unknown;
}

/** Checkbox's answer: its status and JSON body, or the bytes of a file (a receipt's PDF). */
export interface CheckboxReply {
  status: number;
  json: unknown;
  bytes?: Uint8Array;
}

/** How the adapter reaches Checkbox (or the shop's stand-in for it). */
export interface CheckboxTransport {
  /**
   * The answer of one call whatever its status below 500; no answer, a timeout or a 5xx is an
   * `unavailable` RegisterError (the call may or may not have taken effect).
   */
  send(call: CheckboxCall, binary?: boolean): Promise<CheckboxReply>;
}

const unavailable = (message: string, cause?: unknown) =>
  new RegisterError('unavailable', `The cash register did not answer: ${message}`, { cause });

export interface HttpTransportOptions {
  /** https://api.checkbox.ua/api/v1, or a local server in tests. */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Checkbox over HTTP, each call bounded by a timeout (the body is read under it too). */
export function checkboxHttpTransport(options: HttpTransportOptions): CheckboxTransport {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    async send(call, binary = false) {
      let res: Response;
      try {
        res = await fetchFn(`${options.apiUrl}${call.path}`, {
          method: call.method,
          headers: {
            accept: binary ? 'application/pdf' : 'application/json',
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...call.headers,
          },
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw unavailable((error as Error).message, error);
      }
      if (res.status >= 500) {
        await res.body?.cancel().catch(() => {});
        throw unavailable(`HTTP ${res.status}`);
      }
      try {
        if (binary && res.status < 300)
          return { status: res.status, json: null, bytes: new Uint8Array(await res.arrayBuffer()) };
        const text = await res.text();
        return { status: res.status, json: text === '' ? null : parseJson(text) };
      } catch (error) {
        throw unavailable((error as Error).message, error);
      }
    },
  };
}

/** A body that is not JSON (a proxy's HTML page) is kept as its text, for the refusal's words. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 500) };
  }
}

/** What the stand-in answers a call: JSON, or the bytes of a file. */
export interface StandInAnswer {
  status: number;
  body: unknown;
  contentType?: string;
}

/**
 * The stand-in in the same process. Calls and answers go through JSON as over HTTP, so the adapter meets
 * exactly what it would meet on the wire.
 */
export function checkboxInProcessTransport(handle: (call: CheckboxCall) => Promise<StandInAnswer>): CheckboxTransport {
  return {
    async send(call, binary = false) {
      let answer: StandInAnswer;
      try {
        answer = await handle(JSON.parse(JSON.stringify(call)));
      } catch (error) {
        throw unavailable((error as Error).message, error);
      }
      if (answer.status >= 500) throw unavailable(`HTTP ${answer.status}`);
      if (answer.body instanceof Uint8Array) {
        return binary && answer.status < 300
          ? { status: answer.status, json: null, bytes: answer.body }
          : { status: answer.status, json: { message: new TextDecoder().decode(answer.body).slice(0, 500) } };
      }
      return {
        status: answer.status,
        json: answer.body === undefined ? null : JSON.parse(JSON.stringify(answer.body)),
      };
    },
  };
}
