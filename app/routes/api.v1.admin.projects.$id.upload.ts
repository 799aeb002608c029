import { apiErrorResponse } from "../lib/error-replies.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { uploadSuccessMessage } from "../modules/media/upload-rules";
import { discardUpload, propertyNotFound, uploadProjectMedia } from "../modules/media/uploads.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.upload";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT multipart/form-data: repeated `files`, the section (`?section=` or a `section` field) and, for documents, `documentType`. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    const admin = await requireApiUser(request, "admin");
    const id = parseId(params.id);
    if (!id) throw propertyNotFound();
    const result = await uploadProjectMedia(request, id, { userId: admin.id, ipAddress: context.clientIp });
    return Response.json({ message: uploadSuccessMessage(result.section), ...result }, { status: 201 });
  } catch (error) {
    const drained = await discardUpload(request);
    const response = apiErrorResponse(error);
    if (!drained) response.headers.set("Connection", "close");
    return response;
  }
}
