// `npm run backup`: writes one archive of the database and every stored file to BACKUP_DIR (default
// DATA_DIR/backups), encrypted to BACKUP_RECIPIENTS. Safe while the site runs: on the embedded database the
// running server makes it; on PostgreSQL this process reads one consistent snapshot beside the site.
import { loadServerBuild, root } from "./ensure-build.js";
import { loadEnvFile } from "./env-file.js";

process.chdir(root);
loadEnvFile();
process.env.NODE_ENV ??= "production";

const { backupNow } = await loadServerBuild();
const result = await backupNow();
if (!result.ok) {
  console.error(result.message);
  process.exit(1);
}
const { made } = result;
const mb = (made.byteSize / 1024 / 1024).toFixed(1);
console.log(
  [
    `Wrote ${made.fileName} (${mb} MB${made.encrypted ? ", encrypted with age" : ", NOT encrypted: set BACKUP_RECIPIENTS"}): ${made.rows} row(s), ${made.files} file(s).`,
    result.byServer ? "Made by the running server." : `In ${made.directory}.`,
  ].join("\n"),
);
process.exit(0);
