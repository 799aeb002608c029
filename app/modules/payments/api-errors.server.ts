import { logger } from "../../lib/logger.server";
import { ServiceError } from "../../lib/service-error";
import { asWrapperError, fail } from "../api/wrapper.server";
import { ProviderError } from "./providers/types";

/**
 * The /api/v1/stripe endpoints answer in the spec's wrapper shape, { success: false, error }, with the
 * spec's own message (e.g. 'Failed to create payment intent') when the provider or the server fails.
 */
export async function paymentApiError(error: unknown, fallback: string) {
  if (error instanceof Response) return asWrapperError(error);
  if (error instanceof ServiceError) return fail(error.status, error.message, error.fieldErrors, error.headers);
  logger.error({ err: error }, fallback);
  return fail(error instanceof ProviderError ? 502 : 500, fallback);
}
