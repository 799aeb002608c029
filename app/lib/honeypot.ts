// A field people never see or fill in; simple bots fill in every field they find.
import { ServiceError } from "./service-error";

export const HONEYPOT_FIELD = "website";

/** True when a form or JSON body filled in the honeypot field. */
export function filledHoneypot(body: FormData | Record<string, unknown>) {
  const value = body instanceof FormData ? body.get(HONEYPOT_FIELD) : body[HONEYPOT_FIELD];
  return value !== null && value !== undefined && value !== "";
}

/**
 * The one rule for every public form: a filled-in honeypot is refused with a 400 that says so (the form
 * shows it, keeping what was typed, in case a person's browser filled it in), and nothing is stored or
 * sent. `what` names the thing refused: "message", "sign-up", "request".
 */
export function refuseFilledHoneypot(body: FormData | Record<string, unknown>, what: string) {
  if (filledHoneypot(body)) throw new ServiceError(400, `Your ${what} looked automated and was not sent.`);
}
