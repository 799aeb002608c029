import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { getAuth } from "../modules/auth/identity.server";
import { changePassword, PASSWORD_CHANGED } from "../modules/auth/passwords.server";
import { ChangePasswordSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/api.v1.auth.change-password";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const user = await requireApiUser(request);
    const input = await readJson(request, ChangePasswordSchema);
    await changePassword(user.id, input, {
      keepSessionId: (await getAuth(request))?.sessionId ?? null,
      ipAddress: context.clientIp,
    });
    return Response.json({ message: PASSWORD_CHANGED });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
