// Which provider takes payments: Stripe when its keys are set, otherwise the offline sandbox. A payment
// is always refunded or looked up through the provider that took it.
import { getEnv } from "../../../lib/env.server";
import { createSandboxProvider, type SandboxProvider } from "./sandbox.server";
import { createStripeProvider, type StripeProvider } from "./stripe.server";
import { ProviderError } from "./types";

let stripe: StripeProvider | undefined;
let sandbox: SandboxProvider | undefined;

export const isStripeConfigured = () => Boolean(getEnv().STRIPE_SECRET_KEY && getEnv().STRIPE_PUBLISHABLE_KEY);

export function stripeProvider(): StripeProvider {
  if (!isStripeConfigured())
    throw new ProviderError("Stripe is not configured (set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY)");
  return (stripe ??= createStripeProvider(getEnv()));
}

export const sandboxProvider = (): SandboxProvider => (sandbox ??= createSandboxProvider());

/** The provider new payments go to. */
export const activeProvider = (): StripeProvider | SandboxProvider =>
  isStripeConfigured() ? stripeProvider() : sandboxProvider();

export const providerNamed = (name: "stripe" | "sandbox") => (name === "stripe" ? stripeProvider() : sandboxProvider());

/** For tests that change the Stripe settings. */
export function resetProviders() {
  stripe = undefined;
  sandbox = undefined;
}
