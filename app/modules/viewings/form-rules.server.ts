// The 'Request a Free Visit' form's checks for the browser (ClientRules). The schema's date bounds move
// with the day, but its constraints and messages do not, so they are worked out once.
import type { ClientRules } from "../../lib/client-rules";
import { clientRules } from "../../lib/client-rules.server";
import { viewingRequestFormSchema } from "./schemas";

let rules: ClientRules | undefined;

export function viewingFormRules(): ClientRules {
  rules ??= clientRules(viewingRequestFormSchema());
  return rules;
}
