import routes from "../../app/routes";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** Every route of app/routes.ts as [file, URL path]. */
export function routeFiles(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (entries: RouteEntry[], base: string) => {
    for (const entry of entries) {
      const path = entry.index ? base : `${base}/${entry.path ?? ""}`.replace(/\/+/g, "/");
      out.push([entry.file, path || "/"]);
      if (entry.children) walk(entry.children, path);
    }
  };
  walk(routes as RouteEntry[], "");
  return out;
}
