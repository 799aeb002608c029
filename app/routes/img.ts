import { ServiceError } from "../lib/service-error";
import { imageVariant } from "../modules/media/variants.server";
import type { Route } from "./+types/img";

/** GET /img/<width>/<storage key>: a stored image resized to one of the allowed widths, as WebP. */
export async function loader({ params }: Route.LoaderArgs) {
  try {
    const bytes = await imageVariant(params.width, params["*"] ?? "");
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(bytes.byteLength),
        // The key never changes content, so the variant never does either.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return new Response(error.message, {
      status: error.status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
