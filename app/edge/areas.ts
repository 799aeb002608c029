// Every area that declares its pages and endpoints (app/edge/declare.ts). Areas not listed yet are still
// registered by hand: app/routes.ts, app/modules/api/openapi/operations/, server/http-cache.ts PUBLIC_PAGES
// and server/upload-endpoints.ts (their `…NOT_YET_DECLARED` lists).
import { savedSearches } from "../modules/saved-searches/area";
import { shortlist } from "../modules/shortlist/area";

export const AREAS = [savedSearches, shortlist];
