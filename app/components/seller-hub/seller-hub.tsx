// The seller's pages for one home: Overview, Approve listing, Viewings, Offers and Sale progress, as tabs that are plain links
// (each tab is its own route, so all of it works without JavaScript). Admins reach the same pages to act for
// the seller; the back link then leads to the back office.
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";

import { PUBLIC_SALE_STATUS_LABELS, publicSaleStatus } from "../../modules/sales/sale-status";

export type SellerHubTab = "overview" | "approval" | "viewings" | "offers" | "sale";

const TABS: { tab: SellerHubTab; label: string; path: (id: number) => string }[] = [
  { tab: "overview", label: "Overview", path: (id) => `/view-a-property/${id}` },
  { tab: "approval", label: "Approve listing", path: (id) => `/view-a-property/${id}/approval` },
  { tab: "viewings", label: "Viewings", path: (id) => `/view-a-property/${id}/viewings` },
  { tab: "offers", label: "Offers", path: (id) => `/view-a-property/${id}/offers` },
  { tab: "sale", label: "Sale progress", path: (id) => `/view-a-property/${id}/sale` },
];

export const sellerHubPath = (id: number, tab: SellerHubTab) => TABS.find((t) => t.tab === tab)!.path(id);

/** The tab bar alone (the overview page draws its own header). */
export function SellerHubTabs({ projectId, current }: { projectId: number; current: SellerHubTab }) {
  return (
    <nav aria-label="This property" className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map(({ tab, label, path }) => (
          <li key={tab}>
            <NavLink
              to={path(projectId)}
              end
              aria-current={tab === current ? "page" : undefined}
              className={`inline-block border-b-2 px-4 py-2.5 text-sm font-semibold whitespace-nowrap ${tab === current ? "border-emerald-700 text-emerald-900" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"}`}
            >
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A whole tab page: back link, the home's address and public status, the tabs, then the tab's content. */
export function SellerHubPage({
  home,
  current,
  title,
  actingForSeller,
  children,
}: {
  home: {
    id: number;
    address: string;
    status: "pending" | "completed" | "sold";
    saleStatus: "for_sale" | "under_offer" | "sold_stc";
  };
  current: SellerHubTab;
  /** The page's h1, e.g. "Viewings". */
  title: string;
  /** True when an admin is acting for the seller. */
  actingForSeller: boolean;
  children: ReactNode;
}) {
  const shown = home.status === "pending" ? "Not listed yet" : PUBLIC_SALE_STATUS_LABELS[publicSaleStatus(home)];
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <Link
          to={actingForSeller ? `/admin-property-details/${home.id}` : "/vendor-propertylisting"}
          className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline"
        >
          {actingForSeller ? "← Back to the property" : "← Back to Listings"}
        </Link>
        <header className="mt-4">
          <p className="text-sm font-medium text-slate-600">
            {home.address} · <span className="font-semibold text-slate-900">{shown}</span>
            {actingForSeller ? " · acting for the seller" : null}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        </header>
        <SellerHubTabs projectId={home.id} current={current} />
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
