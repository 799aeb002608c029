// Generated hostile form posts and query strings for every page's action and loader (see tests/support/fuzz/endpoints.ts).
import { defineFuzzTests, fuzzTargets } from "../support/fuzz/harness";

defineFuzzTests(
  "pages",
  fuzzTargets((file) => !file.startsWith("routes/api.v1.")),
);
