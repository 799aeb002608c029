// Generated hostile form posts and query strings for every page's action and loader (see tests/support/fuzz/endpoints.ts).
import { defineFuzzTests, fuzzTargets } from "../support/fuzz/harness";
import { isApiRouteFile } from "../support/route-files";

defineFuzzTests(
  "pages",
  fuzzTargets((file) => !isApiRouteFile(file)),
);
