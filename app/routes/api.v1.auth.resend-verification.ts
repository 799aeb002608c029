import { apiErrorResponse } from "../lib/error-replies.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { resendVerification, VERIFICATION_SENT } from "../modules/auth/email-verification.server";
import { requireApiUser } from "../modules/auth/guards.server";
import type { Route } from "./+types/api.v1.auth.resend-verification";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    await resendVerification(await requireApiUser(request));
    return Response.json({ message: VERIFICATION_SENT }, { status: 202 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
