import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { addSellerCheck, projectChecks } from "../modules/compliance/checks.server";
import { listingChecksMode, listingGates } from "../modules/compliance/listing-gates.server";
import { AddSellerCheckSchema } from "../modules/compliance/schemas";
import { adminProjectNotFound } from "../modules/projects/admin-projects.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.checks";

const noStore = { "Cache-Control": "private, no-store" };

/** Admins: a home's listing gates and every check made for it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    const gates = id ? await listingGates(id, admin.id) : null;
    if (!id || !gates) throw adminProjectNotFound();
    return Response.json(
      { mode: listingChecksMode(), ready: gates.every((gate) => gate.met), gates, checks: await projectChecks(id) },
      { headers: noStore },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** Admins: add a seller (owner, joint owner or beneficial owner) to check. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (!id) throw adminProjectNotFound();
    const input = await readJson(request, AddSellerCheckSchema);
    const check = await addSellerCheck({ actor: { id: admin.id, ipAddress: context.clientIp }, projectId: id, input });
    return Response.json(check, { status: 201, headers: noStore });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
