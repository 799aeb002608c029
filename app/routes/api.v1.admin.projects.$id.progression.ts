import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError, readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { getProgression, updateProgression } from "../modules/sales/progression.server";
import { toSaleJson } from "../modules/sales/sale-json";
import { ProgressionUpdateSchema } from "../modules/sales/schemas";
import type { Route } from "./+types/api.v1.admin.projects.$id.progression";

const privateJson = { "Cache-Control": "private, no-store" };
const badId = () => apiError(400, "The id must be a whole number, like 42.");

/** GET: the home's sale in progress (or null) and all its sales, newest first. Admins only. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (id === null) return badId();
    const { sale, sales } = await getProgression(id);
    return Response.json(
      { sale: sale ? toSaleJson(sale) : null, sales: sales.map(toSaleJson) },
      { headers: privateJson },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** PUT: solicitors, subject-to, milestone dates, the memorandum, or the sale falling through; 404 with no sale in progress. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (id === null) return badId();
    const input = await readJson(request, ProgressionUpdateSchema);
    const sale = await updateProgression({
      actor: { userId: admin.id, ipAddress: context.clientIp },
      projectId: id,
      input,
    });
    return Response.json({ sale: toSaleJson(sale) }, { headers: privateJson });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
