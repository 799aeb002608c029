import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { trustDevice, withCookies } from "../modules/auth/devices.server";
import { PASSWORD_RESET_DONE, resetPassword } from "../modules/auth/passwords.server";
import { ResetPasswordSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/api.v1.auth.reset-password";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const { token, password } = await readJson(request, ResetPasswordSchema);
    const email = await resetPassword(token, password, { ipAddress: context.clientIp });
    return Response.json({ message: PASSWORD_RESET_DONE }, { headers: withCookies(await trustDevice(request, email)) });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
