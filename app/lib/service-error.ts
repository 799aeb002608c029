/**
 * An expected failure a service reports to its caller (unknown record, a state that forbids the change):
 * the HTTP status to answer with, a message for people, and the form field it concerns, if any.
 */
export class ServiceError extends Error {
  override name = "ServiceError";
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}
