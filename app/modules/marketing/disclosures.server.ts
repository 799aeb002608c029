// What the agency discloses on every page that offers its services: its referral arrangements and its
// redress scheme, from the settings (app/lib/env.server.ts).
import { getEnv } from "../../lib/env.server";
import type { ReferralArrangement } from "./referrals";

export function referralArrangements(): ReferralArrangement[] {
  const env = getEnv();
  return [
    { service: "Mortgage advice", partner: env.REFERRAL_MORTGAGE_PARTNER, payment: env.REFERRAL_MORTGAGE_PAYMENT },
    {
      service: "The conveyancing quote",
      partner: env.REFERRAL_CONVEYANCING_PARTNER,
      payment: env.REFERRAL_CONVEYANCING_PAYMENT,
    },
  ];
}

export const redressScheme = () => getEnv().REDRESS_SCHEME;
