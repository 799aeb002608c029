// A service's refusal as a form's answer, the same on every page: the form re-renders with the message,
// keeping what was typed (less `hideFields`), with the status an API client would get.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { RateLimitError } from "./rate-limits.server";
import { ServiceError } from "./service-error";

type Replies = {
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }) => SubmissionResult<string[]>;
};

/**
 * A RateLimitError is a 429 with Retry-After; a ServiceError goes on its field (or the whole form) with its
 * status; anything else is thrown on. `extra` joins the answer (e.g. which of the page's forms it is for).
 */
export function refusedForm<Extra extends object = object>(
  submission: Replies,
  error: unknown,
  { hideFields, extra }: { hideFields?: string[]; extra?: Extra } = {},
) {
  if (error instanceof RateLimitError) {
    return data(
      { ...(extra as Extra), result: submission.reply({ formErrors: [error.message], hideFields }) },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  if (!(error instanceof ServiceError)) throw error;
  const reply = error.field
    ? submission.reply({ fieldErrors: { [error.field]: [error.message] }, hideFields })
    : submission.reply({ formErrors: [error.message], hideFields });
  return data({ ...(extra as Extra), result: reply }, { status: error.status });
}
