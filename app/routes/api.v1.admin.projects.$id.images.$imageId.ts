import { apiErrorResponse } from "../lib/error-replies.server";
import { readJson } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { ImageEditSchema } from "../modules/media/schemas";
import { editImage, propertyNotFound } from "../modules/media/uploads.server";
import type { Route } from "./+types/api.v1.admin.projects.$id.images.$imageId";

export const loader = () => methodNotAllowed(["PUT"]);

/** PUT JSON { altText } to describe a photo, or { direction: "up" | "down" } to move it in the gallery. */
export async function action({ request, params }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  try {
    await requireApiUser(request, "admin");
    const id = parseId(params.id);
    const imageId = parseId(params.imageId);
    if (!id || !imageId) throw propertyNotFound();
    const edit = await readJson(request, ImageEditSchema);
    await editImage(id, imageId, edit);
    return Response.json({ message: "altText" in edit ? "Photo description saved." : "Photo moved." });
  } catch (error) {
    return apiErrorResponse(error);
  }
}
