import { apiErrorResponse } from "../lib/error-replies.server";
import { apiError, readQuery } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { logger } from "../lib/logger.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { DeleteFilesQuerySchema } from "../modules/media/schemas";
import { DELETE_FAILED_MESSAGE, deletedMessage } from "../modules/media/upload-rules";
import { deleteSectionMedia, propertyNotFound } from "../modules/media/uploads.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.files";

export const loader = () => methodNotAllowed(["DELETE"]);

/** DELETE ?section=images|floorplans|documents: every file of the section; with &fileId=…, just that one. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (!id) throw propertyNotFound();
    const { section, fileId } = readQuery(request, DeleteFilesQuerySchema);
    const { count } = await deleteSectionMedia(id, section, { userId: admin.id, ipAddress: context.clientIp }, fileId);
    return Response.json({ message: deletedMessage(section), count });
  } catch (error) {
    try {
      return apiErrorResponse(error);
    } catch (unexpected) {
      logger.error({ err: unexpected }, "deleting files failed");
      return apiError(500, DELETE_FAILED_MESSAGE);
    }
  }
}
