// scripts/api-smoke.js, the external client of the README, run as a user would against the e2e server with
// an admin's token, so it cannot drift from the API it documents.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, apiSession, newVendor } from "./support/accounts";
import { createToken } from "./support/api-tokens";

const run = promisify(execFile);
const script = (args: string[]) => run(process.execPath, ["scripts/api-smoke.js", ...args], { timeout: 60_000 }).catch((error: { code: number; stdout: string; stderr: string }) => error);

test("the smoke script searches, creates, uploads, lists and finds the project in /bookings", async ({ baseURL }) => {
  test.slow();
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const token = await createToken(admin, "Smoke script");
  const customer = newVendor("smoke").email;

  const result = await script(["--base", baseURL!, "--token", token, "--customer", customer]);
  expect("code" in result ? result.code : 0, `${result.stdout}\n${result.stderr}`).toBe(0);
  const id = Number(/created project (\d+)/.exec(result.stdout)?.[1]);
  expect(result.stdout).toContain(`is listed in /bookings`);

  // What the script reports is what the API now holds.
  const project = (await (await admin.get(`/api/v1/admin/projects/${id}`)).json()) as { status: string; vendor_email: string; images: unknown[] };
  expect(project).toMatchObject({ status: "completed", vendor_email: customer });
  expect(project.images).toHaveLength(1);
  // Listed, it would show up in the public listing tests that follow.
  expect((await admin.delete(`/api/v1/admin/projects/${id}`)).status()).toBe(200);
  await admin.dispose();
});

test("the smoke script fails loudly with a bad token", async ({ baseURL }) => {
  const result = await script(["--base", baseURL!, "--token", "mw_not-a-real-token", "--read-only"]);
  expect("code" in result && result.code).toBe(1);
  expect(result.stderr).toContain("HTTP 401");
});
