import { methodNotAllowed } from "../modules/api/errors.server";
import { destroyUserSession } from "../modules/auth/session.server";
import type { Route } from "./+types/api.v1.auth.logout";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  return Response.json({ message: "Signed out." }, { headers: { "Set-Cookie": await destroyUserSession(request) } });
}
