/**
 * What a service says went wrong, in the shop's words, with no HTTP in it: the routes' error handler
 * (plugins/errors.ts) turns each kind into a status and the spec's body, and a CLI command that calls a
 * service gets the same error and prints it.
 */

/** Field name → messages, the shape the storefront maps (`{"email": ["This field must be unique."]}`). */
export type FieldErrors = Record<string, string[]>;

/**
 * A message with its code and the values it names: the answer's body shows `text`, its
 * `Kram-Error-Codes` header the code and values. A fixed message of the contract's catalogues needs no
 * `said`: its code is known from its words (`@kram/contract/message-codes`).
 */
export interface Said {
  readonly text: string;
  readonly code: string;
  readonly params?: Record<string, string | number>;
}

/** Field name → messages as a service raises them: words, or words with their code and values. */
export type FieldMessages = Record<string, (string | Said)[]>;

export const said = (code: string, text: string, params?: Record<string, string | number>): Said =>
  params ? { code, text, params } : { code, text };

const textOf = (message: string | Said): string => (typeof message === 'string' ? message : message.text);

export abstract class DomainError extends Error {
  /** A stable name a client may act on (e.g. `token_not_valid`), written in the body when the spec gives one. */
  readonly code: string | undefined;
  /** The message's code and values for the header, when they are not known from its words. */
  readonly said: Said | undefined;
  constructor(message: string | Said, code?: string) {
    super(textOf(message));
    this.name = new.target.name;
    this.code = code;
    this.said = typeof message === 'string' ? undefined : message;
  }
}

/** The input breaks a rule of one or more fields. */
export class InvalidInput extends DomainError {
  /** The body's field messages, as text. */
  readonly fields: FieldErrors;
  /** The same messages as they were raised, with the codes of those that name values. */
  readonly messages: FieldMessages;
  constructor(messages: FieldMessages) {
    super(
      Object.entries(messages)
        .map(([field, list]) => `${field}: ${list.map(textOf).join(' ')}`)
        .join('; '),
    );
    this.messages = messages;
    this.fields = Object.fromEntries(Object.entries(messages).map(([field, list]) => [field, list.map(textOf)]));
  }
}

/** The request as a whole breaks a business rule (no single field is at fault). */
export class RuleViolation extends DomainError {}

/** An answer the spec gives as a plain message on a refusal (e.g. an unknown address for a reset). */
export class Refused extends DomainError {
  readonly body: Record<string, string>;
  constructor(body: Record<string, string>) {
    super(Object.values(body).join(' '));
    this.body = body;
  }
}

export class NotFound extends DomainError {
  /** Where the thing is now, when the address named it under a name it has since given up. */
  readonly movedTo: Record<string, string> | undefined;
  constructor(message: string | Said = 'Not found.', movedTo?: Record<string, string>) {
    super(message);
    this.movedTo = movedTo;
  }
}

/** The answer when the thing an address or an id names does not exist: `No Product matches the given query.` */
export const noMatch = (thing: string, movedTo?: Record<string, string>): NotFound =>
  new NotFound(said('not_found', `No ${thing} matches the given query.`, { thing }), movedTo);

/** Who is asking is not known (no credentials, or ones that are not valid). */
export class Unauthenticated extends DomainError {}

/** Who is asking is known, and may not do this. */
export class Forbidden extends DomainError {}

/** The change cannot be made in the current state (e.g. an order status that cannot follow). */
export class Conflict extends DomainError {}

/** The same idempotency key came with another request. */
export class KeyReused extends DomainError {}

/** Too many attempts: try again after `retryAfterSeconds`. */
export class LimitExceeded extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(`Request was throttled. Expected available in ${retryAfterSeconds} seconds.`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An outside service the request needs (card provider) failed. */
export class UpstreamFailed extends DomainError {}

/** Something the request needs is not available right now (mail, a key server); retrying may work. */
export class Unavailable extends DomainError {}
