import { throwErrorPage } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { requireUser } from "../modules/auth/guards.server";
import { proofOfFundsDownload } from "../modules/offers/offers.server";
import type { Route } from "./+types/offers.$offerId.proof-of-funds";

/** GET: the offer's proof of funds, as a download, for the home's seller and admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = parseId(params.offerId);
  if (!id) throwErrorPage(new ServiceError(404, "There is no proof of funds for this offer."));
  return proofOfFundsDownload(user, id).catch(throwErrorPage);
}
