import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { logger } from "../lib/logger.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { asWrapperError, fail, ok } from "../modules/api/wrapper.server";
import { getUser } from "../modules/auth/identity.server";
import { viewingRequestApiSchema } from "../modules/viewings/schemas";
import {
  requestViewing,
  VIEWING_FAILED_FROM_SEARCH_MESSAGE,
  VIEWING_REQUESTED_FROM_SEARCH_MESSAGE,
} from "../modules/viewings/viewings.server";
import type { Route } from "./+types/api.v1.properties.viewing-request";

export const loader = () => methodNotAllowed(["POST"]);

/** The search flow's viewing request (spec §7, second wrapper): the same rules as /api/v1/viewings/request. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const input = await readJson(request, viewingRequestApiSchema());
    const viewing = await requestViewing(input, {
      ipAddress: context.clientIp,
      // A signed-in requester sees the viewing in their account; a bad API token here just means signed out.
      userId: (await getUser(request).catch(() => null))?.id ?? null,
    });
    return ok(
      {
        id: viewing.id,
        propertyId: viewing.projectId,
        preferredDate: viewing.preferredDate,
        preferredTime: viewing.preferredTime,
        status: viewing.status,
      },
      { message: VIEWING_REQUESTED_FROM_SEARCH_MESSAGE },
      { status: 201 },
    );
  } catch (error) {
    let response: Response;
    try {
      response = apiErrorResponse(error);
    } catch {
      logger.error({ err: error }, "viewing request failed");
      return fail(500, VIEWING_FAILED_FROM_SEARCH_MESSAGE);
    }
    return asWrapperError(response);
  }
}
