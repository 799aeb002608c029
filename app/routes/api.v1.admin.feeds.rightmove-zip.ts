import { apiErrorResponse } from "../lib/error-replies.server";
import { methodNotAllowed } from "../modules/api/errors.server";
import { requireApiUser } from "../modules/auth/guards.server";
import { blmZipStream, loadBlmFeed } from "../modules/portals/blm-feed.server";
import type { Route } from "./+types/api.v1.admin.feeds.rightmove-zip";

/** Admins: the Rightmove BLM zip as it would be sent now, made while it downloads. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    await requireApiUser(request, "admin");
    const feed = await loadBlmFeed();
    const { stream } = blmZipStream(feed);
    return new Response(stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${feed.baseName}.zip"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    return apiErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(["GET"]);
