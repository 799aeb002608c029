import { spawnSync } from "node:child_process";

import { expect, test } from "vitest";

// Every audit row goes through recordAudit (modules/audit/audit.server.ts), so the trail has one shape
// and one place to change it.
test("only recordAudit writes audit rows", () => {
  const found = spawnSync(
    "git",
    ["grep", "-n", "-E", String.raw`auditEvent\.(create|createMany|createManyAndReturn|update|updateMany|upsert)\(`],
    { encoding: "utf8", cwd: `${import.meta.dirname}/../..` },
  );
  const writers = found.stdout
    .split("\n")
    .filter(
      (line) => line && !line.startsWith("app/generated/") && (line.startsWith("app/") || line.startsWith("server/")),
    );
  expect(writers.map((line) => line.split(":")[0])).toEqual(["app/modules/audit/audit.server.ts"]);
});
