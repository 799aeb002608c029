import { methodNotAllowed } from "../modules/api/errors.server";
import { toApiUser } from "../modules/auth/api-user";
import { requireApiUser } from "../modules/auth/guards.server";
import type { Route } from "./+types/api.v1.auth.me";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireApiUser(request);
  return Response.json(toApiUser(user), { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed(["GET"]);
