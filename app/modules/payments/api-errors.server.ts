import { logger } from "../../lib/logger.server";
import { RateLimitError } from "../../lib/rate-limits.server";
import { asWrapperError, fail } from "../api/wrapper.server";
import { PaymentError } from "./access.server";
import { ProviderError } from "./providers/types";

/**
 * The /api/v1/stripe endpoints answer in the spec's wrapper shape, { success: false, error }, with the
 * spec's own message (e.g. 'Failed to create payment intent') when the provider or the server fails.
 */
export async function paymentApiError(error: unknown, fallback: string) {
  if (error instanceof Response) return asWrapperError(error);
  if (error instanceof PaymentError) return fail(error.status, error.message);
  if (error instanceof RateLimitError)
    return fail(429, error.message, undefined, { "Retry-After": String(error.retryAfterSeconds) });
  logger.error({ err: error }, fallback);
  return fail(error instanceof ProviderError ? 502 : 500, fallback);
}
