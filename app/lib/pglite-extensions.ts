// The PostgreSQL extensions the schema uses that PGlite ships separately: every PGlite the app, its CLI
// (prisma.config.ts), the tests and the bench open loads them, or the migrations that create them fail.
// pg_trgm: trigram indexes for the public list's "contains" search (migration 20261126090000_list_search_trigrams).
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const pgliteExtensions = { pg_trgm };
