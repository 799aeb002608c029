// scripts/api-smoke.js, the external client of docs/api.md, run as a user would against the e2e server with
// an admin's token, so it cannot drift from the API it documents.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

import { expect, test } from "@playwright/test";

import { apiSession, DEMO_ADMIN, newVendor } from "./support/accounts";
import { createToken } from "./support/api-tokens";

const run = promisify(execFile);
const script = (args: string[]) =>
  run(process.execPath, ["scripts/api-smoke.js", ...args], { timeout: 60_000 }).catch(
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

test("the smoke script searches, creates, uploads, lists and finds the project in /bookings, then books, signs and pays as a vendor", async ({
  baseURL,
}) => {
  test.slow();
  const admin = await apiSession(baseURL!, DEMO_ADMIN);
  const token = await createToken(admin, "Smoke script");
  const customer = newVendor("smoke").email;
  const seller = newVendor("smoke-seller");
  const sellerApi = await apiSession(baseURL!, seller, { signUp: true });

  const result = await script([
    "--base",
    baseURL!,
    "--token",
    token,
    "--customer",
    customer,
    "--vendor-email",
    seller.email,
    "--vendor-password",
    seller.password,
  ]);
  expect("code" in result ? result.code : 0, `${result.stdout}\n${result.stderr}`).toBe(0);
  const id = Number(/created project (\d+)/.exec(result.stdout)?.[1]);
  expect(result.stdout).toContain(`is listed in /bookings`);

  // The vendor's booking is signed and paid, through the API alone.
  const booked = Number(/booked project (\d+)/.exec(result.stdout)?.[1]);
  expect(result.stdout).toMatch(/contract signed by Test smoke-seller \(image\)/);
  expect(result.stdout).toMatch(/paid: Payment confirmed\. Receipt MW-\d{6}/);
  const booking = (await (await sellerApi.get(`/api/v1/vendor/bookings/${booked}`)).json()) as {
    contract_signed_at: string | null;
    paid: boolean;
  };
  expect(booking).toMatchObject({ contract_signed_at: expect.any(String), paid: true });
  const contract = (await (await sellerApi.get(`/api/v1/vendor/bookings/${booked}/contract`)).json()) as {
    signed: boolean;
    signature: string;
    paid: boolean;
  };
  expect(contract).toMatchObject({ signed: true, signature: "image", paid: true });
  await sellerApi.dispose();

  // What the script reports is what the API now holds.
  const project = (await (await admin.get(`/api/v1/admin/projects/${id}`)).json()) as {
    status: string;
    vendor_email: string;
    images: unknown[];
  };
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
