// Which provider new identity checks go to: Stripe Identity when IDENTITY_PROVIDER=stripe, otherwise the
// embedded manual check. A check is always read back through the provider that started it.
import { getEnv } from "../../../lib/env.server";
import { createManualProvider } from "./manual.server";
import { createStripeIdentityProvider } from "./stripe-identity.server";
import type { IdentityProvider } from "./types";

let stripe: IdentityProvider | undefined;
let manual: IdentityProvider | undefined;

export const onlineIdentityAvailable = () =>
  getEnv().IDENTITY_PROVIDER === "stripe" && Boolean(getEnv().STRIPE_SECRET_KEY);

export function identityProviderNamed(name: "manual" | "stripe_identity"): IdentityProvider {
  if (name === "manual") return (manual ??= createManualProvider());
  return (stripe ??= createStripeIdentityProvider(getEnv()));
}

/** For tests that change the settings. */
export function resetIdentityProviders() {
  stripe = undefined;
  manual = undefined;
}
