import { createReadStream } from "node:fs";
import { Readable } from "node:stream";

import { requireUser } from "../modules/auth/guards.server";
import { backupFilePath } from "../modules/backups/backups.server";
import type { Route } from "./+types/admin.backups.$fileName";

/** Downloads one backup archive (admins only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, "admin");
  const found = await backupFilePath(params.fileName);
  if (!found) throw new Response("No such backup.", { status: 404 });
  return new Response(Readable.toWeb(createReadStream(found.file)) as ReadableStream, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(found.byteSize),
      "Content-Disposition": `attachment; filename="${params.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
