// Referral arrangements: the package includes mortgage advice and a conveyancing quote from partner firms,
// which pay the agency for referrals. Consumers are told who the partner is and what the agency receives
// wherever the service is offered and in the terms (CPRs 2008, NTSELAT guidance on referral fees).

export type ReferralArrangement = { service: string; partner: string; payment: string };

/** One arrangement as a sentence, e.g. for the packages table and the contract. */
export const referralText = ({ service, partner, payment }: ReferralArrangement) =>
  `${service} is provided by ${partner}. If you use them, we receive ${payment}. You are free to use any other firm; the package price is the same.`;
