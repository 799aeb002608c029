// Stripe Identity (VerificationSessions): the person photographs an identity document and their face on
// Stripe's hosted page; Stripe reports whether the document is genuine and matches them. Uses the payment
// keys (STRIPE_SECRET_KEY) and, in tests, STRIPE_API_BASE's local fake.
import Stripe from "stripe";

import type { Env } from "../../../lib/env.server";
import { stripeApiBase } from "../../payments/providers/stripe.server";
import { type IdentityOutcome, type IdentityProvider, IdentityProviderError } from "./types";

const nameOf = (outputs: Stripe.Identity.VerificationSession.VerifiedOutputs | null | undefined) =>
  [outputs?.first_name, outputs?.last_name].filter(Boolean).join(" ") || null;

export function outcomeOf(session: Stripe.Identity.VerificationSession): IdentityOutcome {
  const outputs = session.verified_outputs;
  switch (session.status) {
    case "verified":
      return {
        state: "verified",
        identityVerified: true,
        addressVerified: Boolean(outputs?.address?.line1 && outputs.address.postal_code),
        verifiedName: nameOf(outputs),
        summary: `Stripe Identity verified the document and selfie (session ${session.id}).`,
      };
    case "processing":
      return {
        state: "processing",
        identityVerified: false,
        addressVerified: false,
        verifiedName: null,
        summary: "Stripe Identity is checking the document.",
      };
    case "canceled":
      return {
        state: "failed",
        identityVerified: false,
        addressVerified: false,
        verifiedName: null,
        summary: "The online check was cancelled.",
      };
    default:
      return session.last_error
        ? {
            state: "failed",
            identityVerified: false,
            addressVerified: false,
            verifiedName: null,
            summary: `Stripe Identity could not verify the person: ${session.last_error.reason ?? session.last_error.code ?? "unknown reason"}.`,
          }
        : {
            state: "open",
            identityVerified: false,
            addressVerified: false,
            verifiedName: null,
            summary: "Waiting for the person to finish the online check.",
          };
  }
}

export function createStripeIdentityProvider(env: Env): IdentityProvider {
  const stripe = new Stripe(env.STRIPE_SECRET_KEY!, {
    ...stripeApiBase(env.STRIPE_API_BASE),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "MoveWise" },
  });
  const calling = async <T>(what: string, call: () => Promise<T>) => {
    try {
      return await call();
    } catch (error) {
      throw new IdentityProviderError(`Stripe Identity could not ${what}: ${(error as Error).message}`);
    }
  };
  return {
    name: "stripe_identity",
    async startSession({ checkId, email, returnUrl }) {
      const session = await calling("start a check", () =>
        stripe.identity.verificationSessions.create(
          {
            type: "document",
            options: { document: { require_matching_selfie: true, require_live_capture: true } },
            metadata: { checkId: String(checkId) },
            ...(email ? { provided_details: { email } } : {}),
            return_url: returnUrl,
          },
          { idempotencyKey: `identity-check-${checkId}` },
        ),
      );
      if (!session.url) throw new IdentityProviderError(`Stripe returned session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    async outcome(sessionId) {
      const session = await calling("read a check", () =>
        stripe.identity.verificationSessions.retrieve(sessionId, { expand: ["verified_outputs"] }),
      );
      return outcomeOf(session);
    },
  };
}
