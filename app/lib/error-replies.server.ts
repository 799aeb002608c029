// The edge adapters of the error model (docs/decisions/0007-error-model.md): a ServiceError becomes
// JSON { message, errors? } for /api/v1, a form's reply with field errors that keeps what was typed, the
// error page, or what the page behind an email's signed link says.
// Anything else is a bug and goes on to the error page (500), or, where the page says so, to a logged
// form message.
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

import { apiError } from "./http.server";
import { logger } from "./logger.server";
import { ServiceError } from "./service-error";
import { toasts } from "./toast.server";

/**
 * The /api/v1 answer to an error: a thrown Response (readJson's 400/413/415) as it is, a ServiceError as
 * { message, errors? } with its status (and Retry-After on a 429). Anything else is thrown on.
 */
export function apiErrorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ServiceError) {
    return apiError(error.status, error.message, { errors: error.fieldErrors, headers: error.headers });
  }
  throw error;
}

type Replies = {
  payload: Record<string, unknown>;
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields?: string[];
  }) => SubmissionResult<string[]>;
};

type FormFailureOptions<Extra> = {
  /** Fields the reply must not send back (passwords). */
  hideFields?: string[];
  /** Joins the answer beside `result`, e.g. which of the page's forms it is for, or a toast. */
  extra?: Extra | ((message: string) => Extra);
  /** How the form shows the message (e.g. "Login failed: …"); the error's own message by default. */
  formMessage?: (message: string) => string;
  headers?: Record<string, string>;
  /** Also flash the message as an error toast (the pages whose forms are far from where people look). */
  toast?: boolean;
  /**
   * Without it, an unexpected error is thrown on (the 500 page). With it, the error is logged and the form
   * shows this message with a 500, keeping what was typed.
   */
  fallback?: { message: string; log: string };
};

/**
 * A page action's answer to a failure: a ServiceError's field errors go on their fields (when the form has
 * them), its message on the whole form otherwise, with the status (and Retry-After) an API client would get.
 */
export function formFailure<Extra extends object = object>(
  submission: Replies,
  error: unknown,
  { hideFields, extra, formMessage = (message) => message, headers, toast, fallback }: FormFailureOptions<Extra> = {},
) {
  let status: number;
  let message: string;
  let fieldErrors: Record<string, string[]> | undefined;
  let errorHeaders: Record<string, string> = {};
  if (error instanceof ServiceError) {
    ({ status, message, fieldErrors } = error);
    errorHeaders = error.headers;
  } else if (fallback) {
    logger.error({ err: error }, fallback.log);
    status = 500;
    message = fallback.message;
  } else {
    throw error;
  }
  // A field the form does not have (e.g. the API's propertyId) cannot show a message: the form shows it.
  const onFields = fieldErrors && Object.keys(fieldErrors).every((name) => name in submission.payload);
  const result = onFields
    ? submission.reply({ fieldErrors, hideFields })
    : submission.reply({ formErrors: [formMessage(message)], hideFields });
  const more = typeof extra === "function" ? extra(message) : extra;
  const body = { ...(more as Extra), result };
  const init = { status, headers: { ...errorHeaders, ...headers } };
  return toast ? toasts().dataWithError(body, message, init) : data(body, init);
}

/** What a loader throws for a ServiceError (the 404/403 page); anything else is thrown on as it is. */
export function errorPage(error: unknown): unknown {
  if (!(error instanceof ServiceError)) return error;
  return data({ message: error.message }, { status: error.status, headers: error.headers });
}

/** For `.catch()` in a loader: a ServiceError becomes its error page, anything else is thrown on. */
export function throwErrorPage(error: unknown): never {
  throw errorPage(error);
}

/**
 * The page behind an email's signed link (stop alerts, viewing feedback, another viewing time) when the
 * service refuses its token or what it points to: the page says why, with the error's status. Anything else is
 * thrown on.
 */
export function refusedLink(error: unknown) {
  if (!(error instanceof ServiceError)) throw error;
  return data({ state: "invalid" as const, message: error.message }, { status: error.status });
}
