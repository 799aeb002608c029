import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requestPasswordReset, RESET_REQUESTED } from "../modules/auth/passwords.server";
import { ForgotPasswordSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/api.v1.auth.forgot-password";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const { email } = await readJson(request, ForgotPasswordSchema);
    await requestPasswordReset(email, { ipAddress: context.clientIp });
    return Response.json({ message: RESET_REQUESTED }, { status: 202 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
