// `npm run db:migrate`: apply pending migrations (also done by `npm start`).
import { loadEnvFile } from "./env-file.js";
import { migrateDatabase } from "./prisma-cli.js";

loadEnvFile();
await migrateDatabase({ quiet: false });
