import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { currentPaymentLink, paymentLinkJson, revokePaymentLinks } from "../modules/payments/payment-link.server";
import { adminProjectNotFound } from "../modules/projects/admin-projects.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.payment-link";

const privateJson = { "Cache-Control": "private, no-store" };

/** GET: the booking's payment link to send the customer, and when a link sent now expires. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const id = parseId(params.id);
    const link = id ? await currentPaymentLink(id) : null;
    if (!link) throw adminProjectNotFound();
    return Response.json(paymentLinkJson(link), { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** DELETE: revokes every payment link sent so far for the booking, and answers with the new one. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    const link = id ? await revokePaymentLinks(id, { actorId: admin.id, ipAddress: context.clientIp }) : null;
    if (!link) throw adminProjectNotFound();
    return Response.json(
      { message: "Payment link revoked: links sent before no longer work.", ...paymentLinkJson(link) },
      { headers: privateJson },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
