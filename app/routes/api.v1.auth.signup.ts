import { readJson } from "../lib/http.server";
import { apiErrorFrom, methodNotAllowed } from "../modules/api/errors.server";
import { registerVendor } from "../modules/auth/accounts.server";
import { SignupSchema } from "../modules/auth/schemas";
import { toApiUser } from "../modules/auth/api-user";
import type { Route } from "./+types/api.v1.auth.signup";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(request, SignupSchema);
    const user = await registerVendor(input, { ipAddress: context.clientIp });
    return Response.json({ message: "Account created. You can now log in.", user: toApiUser(user) }, { status: 201 });
  } catch (error) {
    return apiErrorFrom(error);
  }
}
