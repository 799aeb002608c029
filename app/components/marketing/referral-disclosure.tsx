import { useRouteLoaderData } from "react-router";

import { referralText } from "../../modules/marketing/referrals";
import type { loader as rootLoader } from "../../root";

/** Who provides the package's referred services and what the agency receives, wherever they are offered. */
export function ReferralDisclosure({ className = "" }: { className?: string }) {
  const referrals = useRouteLoaderData<typeof rootLoader>("root")?.referrals ?? [];
  if (!referrals.length) return null;
  return (
    <section aria-label="Referral arrangements" className={`text-sm text-slate-700 ${className}`}>
      <h3 className="font-semibold text-slate-900">Referral arrangements</h3>
      <ul className="mt-1 space-y-1">
        {referrals.map((referral) => (
          <li key={referral.service}>{referralText(referral)}</li>
        ))}
      </ul>
    </section>
  );
}
