// The upload tabs' forms without JavaScript (and their small edits with it): upload, delete, describe and
// reorder a project's media, then back to the tab with a toast.
import { redirect } from "react-router";

import { formDataOf } from "../lib/http.server";
import { parseId } from "../lib/ids";
import { ServiceError } from "../lib/service-error";
import { toasts } from "../lib/toast.server";
import { requireUser } from "../modules/auth/guards.server";
import { AltTextSchema, MoveSchema } from "../modules/media/schemas";
import {
  DELETE_FAILED_MESSAGE,
  deletedMessage,
  isMediaSection,
  uploadFailureMessage,
  uploadSuccessMessage,
} from "../modules/media/upload-rules";
import { deleteSectionMedia, editImage, uploadProjectMedia } from "../modules/media/uploads.server";
import type { Route } from "./+types/admin-property-details.$projectId.media";

const tabUrl = (projectId: number, section: string | null) =>
  `/admin-property-details/${projectId}${isMediaSection(section) ? `?tab=${section}` : ""}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  // Only a real id goes into the Location header (a NUL there used to be a 500).
  const projectId = parseId(params.projectId);
  if (!projectId) throw new Response("Not found", { status: 404 });
  return redirect(tabUrl(projectId, new URL(request.url).searchParams.get("section")));
}

const failure = (back: string, message: string, error: unknown) => {
  if (!(error instanceof ServiceError)) throw error;
  return toasts().redirectWithError(back, { message, description: error.message });
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireUser(request, "admin");
  const actor = { userId: admin.id, ipAddress: context.clientIp };
  const projectId = parseId(params.projectId);
  if (!projectId) throw new Response("Not found", { status: 404 });
  const querySection = new URL(request.url).searchParams.get("section");

  if (/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) {
    const section = isMediaSection(querySection) ? querySection : "images";
    const back = tabUrl(projectId, section);
    try {
      const result = await uploadProjectMedia(request, projectId, actor);
      return toasts().redirectWithSuccess(tabUrl(projectId, result.section), uploadSuccessMessage(result.section));
    } catch (error) {
      return failure(back, uploadFailureMessage(section), error);
    }
  }

  const form = await formDataOf(request);
  const field = form.get("section");
  const section = isMediaSection(field) ? field : "images";
  const back = tabUrl(projectId, section);
  const intent = form.get("intent");
  const imageId = parseId(String(form.get("imageId") ?? ""));
  try {
    if (intent === "delete") {
      const fileIdText = form.get("fileId");
      const fileId = fileIdText ? parseId(String(fileIdText)) : undefined;
      if (fileId === null) throw new ServiceError(400, "Choose a file to delete.");
      await deleteSectionMedia(projectId, section, actor, fileId);
      return toasts().redirectWithSuccess(back, fileId ? "File deleted." : deletedMessage(section));
    }
    if (intent === "alt" && imageId) {
      const parsed = AltTextSchema.safeParse({ altText: form.get("altText") });
      if (!parsed.success) throw new ServiceError(400, parsed.error.issues[0]!.message);
      await editImage(projectId, imageId, parsed.data);
      return toasts().redirectWithSuccess(back, "Photo description saved.");
    }
    if (intent === "move" && imageId) {
      const parsed = MoveSchema.safeParse({ direction: form.get("direction") });
      if (!parsed.success) throw new ServiceError(400, parsed.error.issues[0]!.message);
      await editImage(projectId, imageId, parsed.data);
      return redirect(back);
    }
    throw new ServiceError(400, "Choose what to do with the files.");
  } catch (error) {
    return failure(back, intent === "delete" ? DELETE_FAILED_MESSAGE : "Failed to update the photo.", error);
  }
}
