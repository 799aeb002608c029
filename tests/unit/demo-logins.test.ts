import { mkdtempSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, test } from "vitest";

import {
  DEMO_ACCOUNTS,
  demoDataRefusal,
  demoLoginsFile,
  demoPasswords,
  readDemoPasswords,
} from "../../app/modules/bootstrap/demo-logins.server";

const freshDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), "movewise-demo-")), "data");

describe("demo passwords", () => {
  test("are made once per installation, kept readable by the owner only, and read back", () => {
    const dir = freshDir();
    expect(readDemoPasswords(dir)).toEqual({});
    const made = demoPasswords(dir);
    expect(Object.keys(made).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    for (const password of Object.values(made)) expect(password).toMatch(/^[\w-]{16}$/);
    expect(new Set(Object.values(made)).size).toBe(DEMO_ACCOUNTS.length);
    expect(statSync(demoLoginsFile(dir)).mode & 0o777).toBe(0o600);
    // The next start finds the same ones.
    expect(demoPasswords(dir)).toEqual(made);
    expect(readDemoPasswords(dir)).toEqual(made);
  });

  test("differ between installations", () => {
    const [a, b] = [demoPasswords(freshDir()), demoPasswords(freshDir())];
    for (const { email } of DEMO_ACCOUNTS) expect(a[email]).not.toBe(b[email]);
  });

  test("a file that lacks an account gets one for it and keeps the others; a mangled file is not trusted", () => {
    const dir = freshDir();
    const made = demoPasswords(dir);
    const [first, ...rest] = DEMO_ACCOUNTS.map((a) => a.email);
    writeFileSync(demoLoginsFile(dir), JSON.stringify({ [first!]: made[first!] }), { mode: 0o644 });
    const again = demoPasswords(dir);
    expect(again[first!]).toBe(made[first!]);
    for (const email of rest) expect(again[email]).toMatch(/^[\w-]{16}$/);
    expect(statSync(demoLoginsFile(dir)).mode & 0o777).toBe(0o600);

    writeFileSync(demoLoginsFile(dir), "not json");
    expect(readDemoPasswords(dir)).toEqual({});
  });
});

describe("demo data is refused where the installation looks real", () => {
  const local = { SEED_DEMO: true, PUBLIC_URL: "http://localhost:3000" } as const;

  test("a local site over http, on the embedded database or a local server, may have it", () => {
    expect(demoDataRefusal(local)).toBeNull();
    for (const url of [
      "postgresql://postgres@127.0.0.1:5432/movewise",
      "postgres://u:p@localhost/movewise",
      "postgresql://u@[::1]:5432/db",
      "postgresql:///movewise?host=/var/run/postgresql",
    ])
      expect(demoDataRefusal({ ...local, DATABASE_URL: url }), url).toBeNull();
  });

  test("https or a database on another machine refuses it, with a message saying what to set", () => {
    const https = demoDataRefusal({ ...local, PUBLIC_URL: "https://homes.example.co.uk" });
    expect(https).toMatch(/PUBLIC_URL is https/);
    expect(https).toMatch(/SEED_DEMO=false/);
    expect(https).toMatch(/SEED_DEMO=force/);
    for (const url of ["postgresql://u:p@db.internal:5432/movewise", "postgresql://u:p@10.0.0.5/movewise"])
      expect(demoDataRefusal({ ...local, DATABASE_URL: url }), url).toMatch(/database server on another machine/);
  });

  test("SEED_DEMO=force loads it anyway, and SEED_DEMO=false never asks", () => {
    const real = { PUBLIC_URL: "https://demo.example", DATABASE_URL: "postgresql://u@db.example/x" };
    expect(demoDataRefusal({ ...real, SEED_DEMO: "force" })).toBeNull();
    expect(demoDataRefusal({ ...real, SEED_DEMO: false })).toBeNull();
    expect(demoDataRefusal({ ...real, SEED_DEMO: true })).not.toBeNull();
  });
});
