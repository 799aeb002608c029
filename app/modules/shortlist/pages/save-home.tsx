import { data, Link } from "react-router";

import { PLACEHOLDER_IMAGE } from "../../../components/listings/property-card";
import { buttonClass } from "../../../components/ui/button";
import { HeartIcon } from "../../../components/ui/icons";
import { pageRoute } from "../../../edge/page-route.server";
import { formatPrice } from "../../../lib/format";
import { loadAsDocument, withoutReact } from "../../../lib/hydration";
import { parseId } from "../../../lib/ids";
import { findPublicListingCard } from "../../listings/listings.server";
import { listingPath } from "../../listings/summary";
import { PUBLIC_SALE_STATUS_LABELS } from "../../sales/sale-status";
import { saveHomePage } from "../area";
import { SAVE_RETURN_PATH } from "../schemas";
import { savedIdsFor } from "../shortlist.server";
import type { Route } from "./+types/save-home";

export const meta: Route.MetaFunction = () => [
  { title: "Save this home | MoveWise" },
  { name: "robots", content: "noindex" },
];

// Sent without React (docs/decisions/0002-pages-without-react.md): one form.
export const handle = withoutReact;
export const clientLoader = loadAsDocument;

/**
 * Finishes a save started while signed out: the save button sent the visitor to log in, and the login
 * brought them here. Nothing is saved by opening this page (a GET): its button does it.
 */
const page = pageRoute(saveHomePage, {
  async loader({ request, user }) {
    const params = new URL(request.url).searchParams;
    const id = parseId(params.get("propertyId"));
    const listing = id ? await findPublicListingCard(id) : null;
    if (!listing) throw data({ message: "No listed property has this id." }, { status: 404, statusText: "Not Found" });
    const returnTo = params.get("returnTo") ?? "";
    const [saved] = await savedIdsFor(user, [listing.id]);
    return {
      listing,
      alreadySaved: saved !== undefined,
      returnTo: SAVE_RETURN_PATH.test(returnTo) ? returnTo : listingPath(listing.id),
    };
  },
});

export const loader = page.loader;

export default function SaveHome({ loaderData }: Route.ComponentProps) {
  const { listing, alreadySaved, returnTo } = loaderData;
  const cover = listing.images[0];
  return (
    <div className="bg-slate-50 px-4 py-12 sm:py-16">
      <section className="mx-auto max-w-lg rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {alreadySaved ? "This home is in your saved homes" : "Save this home?"}
        </h1>
        <img
          src={cover?.url ?? PLACEHOLDER_IMAGE}
          srcSet={cover?.srcSet}
          sizes={cover ? "32rem" : undefined}
          alt={cover?.alt ?? "No photos yet"}
          width={cover?.width ?? 600}
          height={cover?.height ?? 400}
          className="mt-5 aspect-[3/2] w-full rounded-lg bg-slate-100 object-cover"
        />
        <p className="mt-4 font-semibold text-slate-900">{listing.address}</p>
        <p className="text-slate-700">
          {formatPrice(listing.price)} · {listing.propertyType}
          {listing.saleStatus === "for-sale" ? "" : ` · ${PUBLIC_SALE_STATUS_LABELS[listing.saleStatus]}`}
        </p>
        {alreadySaved ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/saved-homes" className={buttonClass()}>
              See my saved homes
            </Link>
            <Link to={returnTo} className={buttonClass({ variant: "secondary" })}>
              Go back
            </Link>
          </div>
        ) : (
          <form method="post" action="/saved-homes" className="mt-6 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="propertyId" value={listing.id} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" className={buttonClass()}>
              <HeartIcon className="size-5" />
              Save this home
            </button>
            <Link to={returnTo} className={buttonClass({ variant: "secondary" })}>
              Not now
            </Link>
          </form>
        )}
      </section>
    </div>
  );
}
