import { apiErrorResponse } from "../lib/error-replies.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { myChecks } from "../modules/compliance/checks.server";
import type { Route } from "./+types/api.v1.checks";

/** The signed-in person's own identity and anti-money-laundering checks. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const user = await requireApiUser(request);
    return Response.json({ data: await myChecks(user) }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
