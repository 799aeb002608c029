// The one error services throw for an expected failure (see docs/decisions/0007-error-model.md). Services
// never build HTTP answers: the edge turns a ServiceError into JSON for /api/v1 (apiErrorResponse) or into
// a form's reply (formFailure), both in lib/error-replies.server.ts.

export type FieldErrors = Record<string, string[]>;

export type ServiceErrorOptions = {
  /** The message on the fields it concerns; without it, the message is about the whole request. */
  fieldErrors?: FieldErrors;
  /** For a 429: how long to wait (the answer's Retry-After). */
  retryAfterSeconds?: number;
  cause?: unknown;
};

/**
 * An expected failure a service reports to its caller (unknown record, a state that forbids the change, a
 * refused input, too many attempts): the HTTP status to answer with, a message for people, and the fields
 * it concerns, if any.
 */
export class ServiceError extends Error {
  override name = "ServiceError";
  readonly fieldErrors?: FieldErrors;
  readonly retryAfterSeconds?: number;
  constructor(
    readonly status: number,
    message: string,
    { fieldErrors, retryAfterSeconds, cause }: ServiceErrorOptions = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The headers an answer to this error carries (Retry-After on a 429). */
  get headers(): Record<string, string> {
    return this.retryAfterSeconds === undefined ? {} : { "Retry-After": String(this.retryAfterSeconds) };
  }
}

/** A failure that concerns one field: the message shows beside it (and is the API's message too). */
export function fieldError(status: number, field: string, message: string) {
  return new ServiceError(status, message, { fieldErrors: { [field]: [message] } });
}
