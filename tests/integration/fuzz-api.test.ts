// Generated hostile bodies and query strings for every /api/v1 endpoint (see tests/support/fuzz/endpoints.ts).
import { defineFuzzTests, fuzzTargets } from "../support/fuzz/harness";
import { isApiRouteFile } from "../support/route-files";

defineFuzzTests("API", fuzzTargets(isApiRouteFile));
