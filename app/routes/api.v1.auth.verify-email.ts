import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { verifiedMessage, verifyEmail } from "../modules/auth/email-verification.server";
import { AccountLinkSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/api.v1.auth.verify-email";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const { token } = await readJson(request, AccountLinkSchema);
    const outcome = await verifyEmail(token, { ipAddress: context.clientIp });
    return Response.json({ message: verifiedMessage[outcome], emailVerified: true });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
