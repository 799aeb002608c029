import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { authenticateForm } from "../modules/auth/accounts.server";
import { toApiUser } from "../modules/auth/api-user";
import { trustDevice, withCookies } from "../modules/auth/devices.server";
import { LoginSchema } from "../modules/auth/schemas";
import { createUserSession } from "../modules/auth/session.server";
import type { Route } from "./+types/api.v1.auth.signin";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const { email, password, rememberMe } = await readJson(request, LoginSchema);
    // The same remix-auth form strategy as the login page, fed the JSON fields as a form.
    const form = new FormData();
    form.set("email", email);
    form.set("password", password);
    // The cookies go along: a trusted-device cookie lets the owner past limits strangers' failures set.
    const headers = { Cookie: request.headers.get("Cookie") ?? "" };
    const user = await authenticateForm(new Request(request.url, { method: "POST", body: form, headers }), {
      ipAddress: context.clientIp,
    });
    const cookie = await createUserSession(user.id, {
      persistent: rememberMe,
      ipAddress: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return Response.json(
      { message: "Signed in.", user: toApiUser(user) },
      { headers: withCookies([cookie, ...(await trustDevice(request, user.email))]) },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
