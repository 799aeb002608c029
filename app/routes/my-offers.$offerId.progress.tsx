import { Link } from "react-router";

import { SaleSummary, SaleTracker } from "../components/sales/sale-tracker";
import { Panel } from "../components/ui/panel";
import { errorPage } from "../lib/error-replies.server";
import { loadAsDocument, withoutReact } from "../lib/hydration";
import { parseId } from "../lib/ids";
import { requireUser } from "../modules/auth/guards.server";
import { listingPath } from "../modules/listings/summary";
import { getBuyerProgress } from "../modules/sales/progression.server";
import { PUBLIC_SALE_STATUS_LABELS } from "../modules/sales/sale-status";
import type { Route } from "./+types/my-offers.$offerId.progress";

export const meta: Route.MetaFunction = () => [
  { title: "Your purchase | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React: a read-only page.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

/** The buyer's own accepted offer only; anyone else's, or an offer with no sale, is a 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return getBuyerProgress(user, parseId(params.offerId)).catch((error) => {
    throw errorPage(error);
  });
}

export default function PurchaseProgress({ loaderData }: Route.ComponentProps) {
  const { sale, publicStatus } = loaderData;
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
        <Link to="/my-offers" className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline">
          ← My offers
        </Link>
        <header className="mt-4">
          <p className="text-sm font-medium text-slate-600">
            <Link to={listingPath(sale.propertyId)} className="underline underline-offset-2">
              {sale.address}
            </Link>{" "}
            · <span className="font-semibold text-slate-900">{PUBLIC_SALE_STATUS_LABELS[publicStatus]}</span>
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Your purchase</h1>
        </header>
        <Panel id="purchase-facts" title="The sale" className="mt-6">
          <SaleSummary sale={sale} />
        </Panel>
        <Panel
          id="purchase-steps"
          title="Milestones"
          description="The agency updates these as your solicitor and the seller's report progress."
          className="mt-6"
        >
          <SaleTracker sale={sale} />
        </Panel>
      </div>
    </div>
  );
}
