import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { checkNotFound, decideMatch, getCheck, recordCheck } from "../modules/compliance/checks.server";
import { UpdateCheckSchema } from "../modules/compliance/schemas";
import type { Route } from "./+types/api.v1.admin.checks.$id";

const noStore = { "Cache-Control": "private, no-store" };

/** Admins: one check. */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const id = parseId(params.id);
    const check = id ? await getCheck(id) : null;
    if (!check) throw checkNotFound();
    return Response.json(check, { headers: noStore });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

/** Admins: record what was seen, or decide a possible sanctions match. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (!id) throw checkNotFound();
    const { action: move, ...input } = await readJson(request, UpdateCheckSchema);
    const actor = { id: admin.id, ipAddress: context.clientIp };
    const check =
      move === "record"
        ? await recordCheck({ actor, id, input: input as Parameters<typeof recordCheck>[0]["input"] })
        : await decideMatch({ actor, id, input: input as Parameters<typeof decideMatch>[0]["input"] });
    return Response.json(check, { headers: noStore });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
