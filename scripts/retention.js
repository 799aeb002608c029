// `npm run retention [-- --dry-run]`: deletes viewing and valuation requests older than 6 years and
// contact messages older than 3, and anti-money-laundering checks 5 years after the relationship ended
// (app/modules/privacy/retention.ts, as the privacy policy promises).
// With the embedded database (no DATABASE_URL), stop the server first: one PGlite directory must not be
// opened by two processes. With PostgreSQL it can run any time, e.g. daily from cron.
import { parseArgs } from "node:util";

import { loadServerBuild, root } from "./ensure-build.js";
import { loadEnvFile } from "./env-file.js";

process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const { values } = parseArgs({ options: { "dry-run": { type: "boolean", default: false } } });
const dryRun = values["dry-run"];
const { runRetention } = await loadServerBuild();
const run = await runRetention({ dryRun });
const day = (date) => date.toISOString().slice(0, 10);
const verb = dryRun ? "Would delete" : "Deleted";
console.log(
  [
    `${verb} ${run.deleted.viewingRequests} viewing request(s) and ${run.deleted.valuationRequests} valuation request(s) made before ${day(run.cutoffs.viewingsAndValuations)}.`,
    `${verb} ${run.deleted.contactMessages} contact message(s) received before ${day(run.cutoffs.supportRecords)}.`,
    `${verb} ${run.deleted.amlChecks} identity and anti-money-laundering check(s) whose relationship ended before ${day(run.cutoffs.amlRecords)}.`,
    dryRun ? "Dry run: nothing was changed." : "Recorded in the audit log (retention.purge).",
  ].join("\n"),
);
