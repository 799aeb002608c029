import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { getUser } from "../modules/auth/identity.server";
import { viewingRequestApiSchema } from "../modules/viewings/schemas";
import { requestViewing, VIEWING_REQUESTED_MESSAGE } from "../modules/viewings/viewings.server";
import type { Route } from "./+types/api.v1.viewings.request";

export const loader = () => methodNotAllowed(["POST"]);

/** POST /api/v1/viewings/request with either of the spec's payload shapes (see modules/viewings/schemas.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(request, viewingRequestApiSchema());
    const viewing = await requestViewing(input, {
      ipAddress: context.clientIp,
      // A signed-in requester sees the viewing in their account; a bad API token here just means signed out.
      userId: (await getUser(request).catch(() => null))?.id ?? null,
    });
    return Response.json(
      {
        message: VIEWING_REQUESTED_MESSAGE,
        viewingRequest: {
          id: viewing.id,
          propertyId: viewing.projectId,
          preferredDate: viewing.preferredDate,
          preferredTime: viewing.preferredTime,
          status: viewing.status,
        },
      },
      { status: 201 },
    );
  } catch (error) {
    return apiErrorResponse(error);
  }
}
