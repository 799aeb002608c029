import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { discardUpload } from "../modules/media/uploads.server";
import { addProofOfFunds, toOfferJson } from "../modules/offers/offers.server";
import { readProofForm } from "../modules/offers/proof.server";
import type { Route } from "./+types/api.v1.offers.$id.proof-of-funds";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT multipart/form-data with one `file` (PDF, JPEG or PNG, at most 10 MB): the offer's proof of funds. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const user = await requireApiUser(request, "buyer");
    const id = parseId(params.id);
    if (!id) throw new ServiceError(404, "You have no offer with this id.");
    const { file } = await readProofForm(request, "file");
    const offer = await addProofOfFunds(user, id, file, { ipAddress: context.clientIp });
    return Response.json(
      { message: "Proof of funds saved.", offer: toOfferJson(offer) },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    const drained = await discardUpload(request);
    const response = apiErrorResponse(error);
    if (!drained) response.headers.set("Connection", "close");
    return response;
  }
}
