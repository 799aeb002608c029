// The 'Request a Free Visit' form's checks for the browser (ClientRules). The schema's date bounds move
// with the day, but its constraints and messages do not, so they are worked out once.
import type { ClientRules } from "../../lib/client-rules";
import { clientRules } from "../../lib/client-rules.server";
import { TOO_LATE_MESSAGE, TOO_SOON_MESSAGE, viewingRequestFormSchema } from "./schemas";

let rules: ClientRules | undefined;

export function viewingFormRules(): ClientRules {
  if (!rules) {
    const found = clientRules(viewingRequestFormSchema());
    // The date's bounds are the input's min and max (set from viewingDateRange() each day), not constraints
    // in the schema: without these, the browser's own wording ("Value must be 11/26/2026 or later") shows.
    const preferredDate = {
      ...found.messages.preferredDate,
      rangeUnderflow: TOO_SOON_MESSAGE,
      rangeOverflow: TOO_LATE_MESSAGE,
    };
    rules = { ...found, messages: { ...found.messages, preferredDate } };
  }
  return rules;
}
