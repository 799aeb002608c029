// `npm run restore -- <archive> [--identity <file>]`: restores a backup into an empty DATA_DIR (and, on
// PostgreSQL, the empty database DATABASE_URL names). Refuses a damaged, foreign, wrongly keyed or newer archive;
// checks every count and checksum; applies newer migrations. See docs/operations.md.
import { parseArgs } from "node:util";

import { loadServerBuild, root } from "./ensure-build.js";
import { loadEnvFile } from "./env-file.js";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { identity: { type: "string" } },
});
if (positionals.length !== 1) {
  console.error("Usage: npm run restore -- <archive> [--identity <age identity file>]");
  process.exit(1);
}
// The archive's path is the caller's, read before moving to the project's folder.
const archive = new URL(positionals[0], `file://${process.cwd()}/`).pathname;
const identity = values.identity ? new URL(values.identity, `file://${process.cwd()}/`).pathname : undefined;
process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const { restoreFrom } = await loadServerBuild();
const result = await restoreFrom(archive, identity);
(result.ok ? console.log : console.error)(result.message);
process.exit(result.ok ? 0 : 1);
