import { requireUser } from "../modules/auth/guards.server";
import { backupDownload } from "../modules/backups/backups.server";
import type { Route } from "./+types/admin.backups.$fileName";

/** Downloads one backup archive (admins only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const found = await backupDownload(params.fileName);
  if (!found) throw new Response("No such backup.", { status: 404 });
  return new Response(found.body, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(found.byteSize),
      "Content-Disposition": `attachment; filename="${params.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
