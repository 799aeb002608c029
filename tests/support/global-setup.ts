// Once per test run and engine: a migrated template database that every test file clones.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";

import { pgliteExtensions } from "../../app/lib/pglite-extensions";
import { installQueue } from "../../app/modules/jobs/queue.server";
import { migrationScripts } from "./migrations";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

export const templateName = (url: string) => `${new URL(url).pathname.slice(1)}_test_template`;

export default async function setup(project: TestProject) {
  if (project.name === "integration-postgres") {
    const url = process.env.DATABASE_URL!;
    const name = templateName(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const template = new pg.Client({ connectionString: withDatabase(url, name) });
    await template.connect();
    for (const sql of migrationScripts()) await template.query(sql);
    await template.end();
    await installQueue({ connectionString: withDatabase(url, name) });
    project.provide("postgresTemplate", name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const db = new PGlite({ extensions: pgliteExtensions });
  for (const sql of migrationScripts()) await db.exec(sql);
  await installQueue({ pglite: db });
  const dump = await db.dumpDataDir("none");
  await db.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "movewise-pglite-"));
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
}
