import routes from "../../app/routes";

type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** Every route of app/routes.ts with its id (React Router's: the file without its extension, unless given), file and URL path. */
export function routeEntries(): { id: string; file: string; path: string }[] {
  const out: { id: string; file: string; path: string }[] = [];
  const walk = (entries: RouteEntry[], base: string) => {
    for (const entry of entries) {
      const path = entry.index ? base : `${base}/${entry.path ?? ""}`.replace(/\/+/g, "/");
      out.push({ id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""), file: entry.file, path: path || "/" });
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(routes as RouteEntry[], "");
  return out;
}

/** Every route of app/routes.ts as [file, URL path]. */
export const routeFiles = (): [string, string][] => routeEntries().map(({ file, path }) => [file, path]);

/** Whether a route file (as app/routes.ts names it) serves a path under /api/v1. */
export function isApiRouteFile(file: string) {
  apiFiles ??= new Set(
    routeEntries()
      .filter((e) => e.path.startsWith("/api/v1/"))
      .map((e) => e.file),
  );
  return apiFiles.has(file);
}
let apiFiles: Set<string> | undefined;
