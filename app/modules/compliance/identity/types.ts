// The identity-provider interface: the online check (Stripe Identity) and the embedded manual check answer
// the same calls, and the checks service records whatever they report the same way.

/** What a provider reports about one person's identity session. */
export type IdentityOutcome = {
  /** "open": the person has not finished; "review": finished, a member of staff decides. */
  state: "open" | "processing" | "verified" | "failed";
  identityVerified: boolean;
  addressVerified: boolean;
  /** The name on the document, when the provider read one. */
  verifiedName: string | null;
  /** One line for the record: what the provider checked, or why it failed. */
  summary: string;
};

export type NewIdentitySession = { checkId: number; email: string; returnUrl: string };

export interface IdentityProvider {
  readonly name: "manual" | "stripe_identity";
  /** Opens a session for the person; returns the provider's id and where to send the person. */
  startSession(session: NewIdentitySession): Promise<{ sessionId: string; url: string }>;
  /** The provider's current view of a session; the manual check has none (staff record what they saw). */
  outcome(sessionId: string): Promise<IdentityOutcome | null>;
}

export class IdentityProviderError extends Error {
  override name = "IdentityProviderError";
}
