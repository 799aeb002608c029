import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { ValuationRequestSchema } from "../modules/valuations/schemas";
import { requestValuation } from "../modules/valuations/valuations.server";
import type { Route } from "./+types/api.v1.valuation.request";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(request, ValuationRequestSchema);
    const saved = await requestValuation(input, { ipAddress: context.clientIp });
    return Response.json({ success: true, id: saved.id }, { status: 201 });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
