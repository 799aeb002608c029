// A field people never see or fill in; simple bots fill in every field they find.
export const HONEYPOT_FIELD = "website";

/** True when a form or JSON body filled in the honeypot field. */
export function filledHoneypot(body: FormData | Record<string, unknown>) {
  const value = body instanceof FormData ? body.get(HONEYPOT_FIELD) : body[HONEYPOT_FIELD];
  return value !== null && value !== undefined && value !== "";
}
