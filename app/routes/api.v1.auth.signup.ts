import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { signUp } from "../modules/auth/accounts.server";
import { signupAnswer } from "../modules/auth/api-user";
import { SignupSchema } from "../modules/auth/schemas";
import type { Route } from "./+types/api.v1.auth.signup";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(request, SignupSchema);
    await signUp(input, { ipAddress: context.clientIp });
    return Response.json(signupAnswer(input), { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
