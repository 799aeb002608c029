import {
  type APIRequestContext,
  type Browser,
  expect,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";

import { readDemoPasswords } from "../../../app/modules/bootstrap/demo-logins.server";
import { MAIL_WAIT_MS, mailedLink } from "./mail";
import { serverDataDir } from "./server";

/**
 * A demo account of the running test's server. Its password is the one that server made for its installation
 * (kept in its DATA_DIR, as the start-up banner says), read when a test asks for it: none is in the repository.
 */
function demoAccount(email: string) {
  return {
    email,
    get password() {
      const password = readDemoPasswords(serverDataDir())[email];
      if (!password) throw new Error(`the test server kept no password for ${email} in ${serverDataDir()}`);
      return password;
    },
  };
}

export const DEMO_ADMIN = demoAccount("admin@demo.movewise.test");
export const DEMO_VENDOR = demoAccount("vendor@demo.movewise.test");
export const DEMO_BUYER = demoAccount("buyer@demo.movewise.test");

let counter = 0;
/** A new, unique vendor identity for one test. */
export function newVendor(label = "vendor") {
  counter += 1;
  const email = `${label}-${Date.now()}-${process.pid}-${counter}@example.com`;
  return { fullName: `Test ${label}`, email, phoneNumber: "07700 900123", password: "a long test password" };
}

/** A new, unique buyer identity for one test (signs up as "Buying"). */
export function newBuyer(label = "buyer") {
  return { ...newVendor(label), userType: "buyer" as const };
}

/**
 * An API client of its own, not signed in (`headers` go with every request). Each request has a connection
 * of its own: a kept-alive connection left idle for the server's 5 s may be closed by the server just as the
 * client sends on it (ECONNRESET), which once failed a test's clean-up and left its listing in other tests'
 * searches.
 */
export function apiContext(baseURL: string, headers: Record<string, string> = {}) {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { connection: "close", ...headers } });
}

/** An API client signed in as `who` (signed up first when `signUp` is set). */
export async function apiSession(
  baseURL: string,
  who: { email: string; password: string; fullName?: string; phoneNumber?: string },
  { signUp = false } = {},
) {
  const api = await apiContext(baseURL);
  if (signUp) {
    expect((await api.post("/api/v1/auth/signup", { data: who })).status()).toBe(201);
    await confirmAddress(api, who.email);
  }
  const signin = await api.post("/api/v1/auth/signin", {
    data: { email: who.email, password: who.password, rememberMe: false },
  });
  expect(signin.status(), await signin.text()).toBe(200);
  return api;
}

/**
 * Confirms a new account's address through the API with the token of the link mailed to it, as its owner's
 * mail client would: an account signs in only once its address is confirmed.
 */
export async function confirmAddress(api: APIRequestContext, email: string) {
  await expect.poll(() => mailedLink(email, "/verify-email"), { timeout: MAIL_WAIT_MS }).not.toBeNull();
  const token = new URL(mailedLink(email, "/verify-email")!, "http://link").searchParams.get("token");
  const confirmed = await api.post("/api/v1/auth/verify-email", { data: { token } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** Opens the link mailed to a new account's address in `page`, which confirms it. */
export async function confirmAddressInBrowser(page: Page, email: string) {
  await expect.poll(() => mailedLink(email, "/verify-email"), { timeout: MAIL_WAIT_MS }).not.toBeNull();
  await page.goto(mailedLink(email, "/verify-email")!);
  await expect(page.getByText(/your email address is (already )?confirmed/i).first()).toBeVisible();
}

export async function logInThroughForm(
  page: Page,
  who: { email: string; password: string },
  { remember = false } = {},
) {
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  if (remember) await page.getByLabel("Remember for 30 days").check();
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Fills in and sends the sign-up form on the current page (/signup); a buyer answers "Buying". */
export async function signUpThroughForm(page: Page, who: ReturnType<typeof newVendor> & { userType?: "buyer" }) {
  if (who.userType === "buyer") await page.getByLabel("Buying").check();
  await page.getByLabel("Full name").fill(who.fullName);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Phone number").fill(who.phoneNumber);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByLabel("Repeat password").fill(who.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
}

export async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "__session");
}

export type Api = APIRequestContext;

/** A page in a browser context of its own, signed in as `who` through the login form. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  js: boolean,
  who: { email: string; password: string },
) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: js });
  const page = await context.newPage();
  await page.goto("/login");
  await logInThroughForm(page, who);
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}
