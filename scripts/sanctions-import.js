// `npm run sanctions:import -- <file-or-url>`: replaces the UK sanctions list the checks screen against with
// HM Treasury's OFSI consolidated list (ConList.csv), read from a file or fetched from an address. With
// SANCTIONS_LIST_URL set the worker does the same daily. With the embedded database (no DATABASE_URL), stop
// the server first: one PGlite directory must not be opened by two processes.
import { loadServerBuild, root } from "./ensure-build.js";
import { loadEnvFile } from "./env-file.js";

process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const source = process.argv[2] ?? process.env.SANCTIONS_LIST_URL;
if (!source) {
  console.error("Usage: npm run sanctions:import -- <ConList.csv file or https address> (or set SANCTIONS_LIST_URL)");
  process.exit(1);
}
const { runSanctionsImport } = await loadServerBuild();
try {
  const run = await runSanctionsImport(source);
  console.log(
    `Imported ${run.entries} name(s) of ${run.groups} listed person(s) and entit(ies) from ${source}` +
      (run.listUpdated ? ` (list last updated ${run.listUpdated}).` : "."),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
