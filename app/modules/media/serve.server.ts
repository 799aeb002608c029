// GET /media/<key>: a stored file with its real content type, never sniffed by the browser, cached for
// good (a key's bytes never change). Documents download under the name the admin gave them.
import { prisma } from "../../lib/db.server";
import { contentTypeFor, fileStore, isStorageKey } from "./storage.server";

const IMMUTABLE = "public, max-age=31536000, immutable";

const notFound = () =>
  new Response("No such file.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** RFC 6266: an ASCII fallback name plus the exact name in UTF-8. */
export function attachmentDisposition(name: string) {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Files under private/ (a buyer's proof of funds) are served only by their own routes, after an access check. */
export const isPrivateKey = (key: string) => key.startsWith("private/");

export async function mediaResponse(key: string): Promise<Response> {
  if (!isStorageKey(key) || isPrivateKey(key)) return notFound();
  const object = await fileStore().stream(key);
  if (!object) return notFound();
  const headers = new Headers({ "Content-Type": contentTypeFor(key), "Cache-Control": IMMUTABLE });
  if (object.size !== null) headers.set("Content-Length", String(object.size));
  if (key.startsWith("documents/")) {
    const document = await prisma.projectDocument.findFirst({ where: { storageKey: key }, select: { name: true } });
    headers.set("Content-Disposition", attachmentDisposition(document?.name ?? key.slice(key.lastIndexOf("/") + 1)));
    // A document opened in the browser anyway gets no scripts and no access to the site.
    headers.set("Content-Security-Policy", "sandbox");
  }
  return new Response(object.body, { headers });
}
