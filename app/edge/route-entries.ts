// The route table's entries for every declared page and endpoint, for app/routes.ts (kept apart from
// registry.ts: the server reads that one at run time, and @react-router/dev is a build tool).
import { route, type RouteConfigEntry } from "@react-router/dev/routes";

import { apiRoutePath } from "./declare";
import { apiEndpoints, pageRoutes } from "./registry";

export const routeEntries = (): RouteConfigEntry[] => [
  ...pageRoutes.map((page) => route(page.path, page.file, page.id ? { id: page.id } : {})),
  ...apiEndpoints.map((endpoint) => route(apiRoutePath(endpoint.path), endpoint.file)),
];
