import { mediaResponse } from "../modules/media/serve.server";
import type { Route } from "./+types/media";

/** GET /media/<storage key>: an uploaded or seeded file, from local disk or the S3 bucket. */
export function loader({ params }: Route.LoaderArgs) {
  return mediaResponse(params["*"] ?? "");
}
