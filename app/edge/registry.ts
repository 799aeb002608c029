// What the declarations add up to: the route table's entries, the documented operations, and the lists the
// server's middleware reads (public pages, upload routes, sitemap pages). Nothing here is kept by hand.
import type { ApiOperation, HttpMethod } from "../modules/api/openapi/registry";
import { AREAS } from "./areas";
import { apiRoutePath } from "./declare";

export const pageRoutes = AREAS.flatMap((area) => area.pages);
export const apiEndpoints = AREAS.flatMap((area) => area.endpoints);

/** Every declared operation, as the OpenAPI document lists them. */
export const declaredOperations = (): ApiOperation[] =>
  apiEndpoints.flatMap((endpoint) =>
    Object.entries(endpoint.operations).map(([method, operation]) => {
      // invalidParams is the edge's business; the document lists the status in `errors`.
      const { invalidParams: _, ...published } = operation;
      return {
        ...published,
        method: method as HttpMethod,
        path: endpoint.path,
        tag: endpoint.tag,
        ...(endpoint.errorShape ? { errorShape: endpoint.errorShape } : {}),
      };
    }),
  );

/** "/saved-searches/:id" → a pattern of the paths it matches; "*" matches the rest. */
const pathPattern = (path: string) =>
  path
    .replace(/[.]/g, "\\.")
    .replace(/:\w+\?/g, "[^/]*")
    .replace(/:\w+/g, "[^/]+")
    .replace(/\*$/, ".*");

/** The addresses (without the leading slash) that signed-out visitors may be served from a shared cache. */
export const publicPaths = () => [
  ...pageRoutes.filter((page) => page.cache === "public").map((page) => pathPattern(page.path)),
  ...apiEndpoints
    .filter((endpoint) => endpoint.cache === "public")
    .map((endpoint) => pathPattern(apiRoutePath(endpoint.path))),
];

/** The routes that take streamed file uploads, React Router style with the leading slash. */
export const uploadRoutes = () => [
  ...pageRoutes.filter((page) => page.upload).map((page) => `/${page.path}`),
  ...apiEndpoints.filter((endpoint) => endpoint.upload).map((endpoint) => `/${apiRoutePath(endpoint.path)}`),
];

/** The fixed pages sitemap.xml lists. */
export const sitemapPaths = () => pageRoutes.filter((page) => page.sitemap).map((page) => `/${page.path}`);
