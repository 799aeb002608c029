// Every public POST answers 429 with Retry-After once its network has used up its named limit
// (app/lib/rate-limits.server.ts), and public forms refuse a filled-in honeypot.
import { afterEach, describe, expect, test, vi } from "vitest";

import { addDays, londonToday } from "../../app/lib/dates";
import { prisma } from "../../app/lib/db.server";
import { logger } from "../../app/lib/logger.server";
import { consume, type LimitName, resetLimiters } from "../../app/lib/rate-limits.server";
import { action as forgotApi } from "../../app/routes/api.v1.auth.forgot-password";
import { action as resetApi } from "../../app/routes/api.v1.auth.reset-password";
import { action as signinApi } from "../../app/routes/api.v1.auth.signin";
import { action as signupApi } from "../../app/routes/api.v1.auth.signup";
import { action as verifyApi } from "../../app/routes/api.v1.auth.verify-email";
import { action as contactApi } from "../../app/routes/api.v1.contact-us";
import { action as propertiesViewingApi } from "../../app/routes/api.v1.properties.viewing-request";
import { action as valuationApi } from "../../app/routes/api.v1.valuation.request";
import { action as viewingApi } from "../../app/routes/api.v1.viewings.request";
import { action as contactPage } from "../../app/routes/contact-us";
import { action as cspReport } from "../../app/routes/csp-report";
import { action as forgotPage } from "../../app/routes/forgot-password";
import { action as loginPage } from "../../app/routes/login";
import { action as resetPage } from "../../app/routes/reset-password";
import { action as signupPage } from "../../app/routes/signup";
import { action as unlockPage } from "../../app/routes/unlock-account";
import { action as valuationPage } from "../../app/routes/valuation";
import { action as viewingPage } from "../../app/routes/view-properties.$projectId.request-viewing";
import { setupTestDatabase } from "../support/database";
import { createListing } from "../support/listings";
import { CookieJar, formPost, jsonPost } from "../support/requests";

setupTestDatabase();

afterEach(() => resetLimiters());

const ip = "203.0.113.50";
const context = { clientIp: ip };

async function exhaust(name: LimitName) {
  for (;;) {
    try {
      await consume(name, ip, "spent");
    } catch {
      return;
    }
  }
}

/** What an action gave back, whether a Response or React Router's data() with its init. */
function statusAndHeaders(result: unknown) {
  if (result instanceof Response) return { status: result.status, headers: result.headers };
  const wrapped = result as { init?: { status?: number; headers?: HeadersInit } | null };
  return { status: wrapped.init?.status ?? 200, headers: new Headers(wrapped.init?.headers) };
}

const person = { firstName: "Priya", lastName: "Shah", email: "priya@example.com", phoneNumber: "07700 900555" };
const account = {
  fullName: "Priya Shah",
  email: "priya@example.com",
  phoneNumber: "07700 900555",
  password: "correct horse",
};
/** A well-formed emailed-link token (not a real one: the limit answers before it is looked up). */
const linkToken = "x".repeat(43);

type Case = { name: string; limit: LimitName; send: (listingId: number) => Promise<unknown> };

const cases: Case[] = [
  {
    name: "contact page",
    limit: "contactPerIp",
    send: () =>
      contactPage({
        request: new Request(
          "http://localhost/contact-us",
          formPost({ first_name: "Bob", last_name: "Buyer", email: "bob@example.com", message: "Hello" }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "contact API",
    limit: "contactPerIp",
    send: () =>
      contactApi({
        request: new Request(
          "http://localhost/api/v1/contact-us",
          jsonPost({ first_name: "Bob", last_name: "Buyer", email: "bob@example.com", message: "Hello" }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "valuation page (last step)",
    limit: "valuationPerIp",
    async send() {
      const jar = new CookieJar();
      const step = async (path: string, fields: Record<string, string>) => {
        const result = await valuationPage({
          request: jar.request(`http://localhost/valuation${path}`, formPost(fields)),
          params: {},
          context,
        } as never);
        if (result instanceof Response) jar.take(result);
        return result;
      };
      await step("", { intent: "type", valuationType: "instant" });
      await step("?step=postcode", { intent: "postcode", postcode: "SW1A 1AA" });
      return step("?step=details", {
        intent: "details",
        firstName: "Ann",
        lastName: "Seller",
        email: "ann@example.com",
        contactNumber: "07700 900123",
      });
    },
  },
  {
    name: "valuation API",
    limit: "valuationPerIp",
    send: () =>
      valuationApi({
        request: new Request(
          "http://localhost/api/v1/valuation/request",
          jsonPost({
            valuationType: "instant",
            postcode: "SW1A 1AA",
            firstName: "Ann",
            lastName: "Seller",
            email: "ann@example.com",
            contactNumber: "07700 900123",
          }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "viewing request page",
    limit: "viewingRequestPerIp",
    send: (id) =>
      viewingPage({
        request: new Request(
          `http://localhost/view-properties/${id}/request-viewing`,
          formPost({ ...person, preferredDate: addDays(londonToday(), 1), preferredTime: "10:00" }),
        ),
        params: { projectId: String(id) },
        context,
      } as never),
  },
  {
    name: "viewing request API",
    limit: "viewingRequestPerIp",
    send: (id) =>
      viewingApi({
        request: new Request(
          "http://localhost/api/v1/viewings/request",
          jsonPost({ propertyId: id, ...person, preferredDate: addDays(londonToday(), 1) }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "properties viewing-request API",
    limit: "viewingRequestPerIp",
    send: (id) =>
      propertiesViewingApi({
        request: new Request(
          "http://localhost/api/v1/properties/viewing-request",
          jsonPost({ propertyId: id, ...person, preferredDate: addDays(londonToday(), 1) }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "signup page",
    limit: "signupPerIp",
    send: () =>
      signupPage({
        request: new Request("http://localhost/signup", formPost({ ...account, confirmPassword: account.password })),
        params: {},
        context,
      } as never),
  },
  {
    name: "signup API",
    limit: "signupPerIp",
    send: () =>
      signupApi({
        request: new Request("http://localhost/api/v1/auth/signup", jsonPost(account)),
        params: {},
        context,
      } as never),
  },
  {
    name: "login page",
    limit: "loginPerIp",
    send: () =>
      loginPage({
        request: new Request("http://localhost/login", formPost({ email: account.email, password: account.password })),
        params: {},
        context,
      } as never),
  },
  {
    name: "signin API",
    limit: "loginPerIp",
    send: () =>
      signinApi({
        request: new Request(
          "http://localhost/api/v1/auth/signin",
          jsonPost({ email: account.email, password: account.password }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "forgot password page",
    limit: "passwordResetPerIp",
    send: () =>
      forgotPage({
        request: new Request("http://localhost/forgot-password", formPost({ email: account.email })),
        params: {},
        context,
      } as never),
  },
  {
    name: "forgot password API",
    limit: "passwordResetPerIp",
    send: () =>
      forgotApi({
        request: new Request("http://localhost/api/v1/auth/forgot-password", jsonPost({ email: account.email })),
        params: {},
        context,
      } as never),
  },
  {
    name: "reset password page",
    limit: "accountLinksPerIp",
    send: () =>
      resetPage({
        request: new Request(
          "http://localhost/reset-password",
          formPost({ token: linkToken, password: account.password, confirmPassword: account.password }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "reset password API",
    limit: "accountLinksPerIp",
    send: () =>
      resetApi({
        request: new Request(
          "http://localhost/api/v1/auth/reset-password",
          jsonPost({ token: linkToken, password: account.password }),
        ),
        params: {},
        context,
      } as never),
  },
  {
    name: "verify email API",
    limit: "accountLinksPerIp",
    send: () =>
      verifyApi({
        request: new Request("http://localhost/api/v1/auth/verify-email", jsonPost({ token: linkToken })),
        params: {},
        context,
      } as never),
  },
  {
    name: "unlock page",
    limit: "accountLinksPerIp",
    send: () =>
      unlockPage({
        request: new Request("http://localhost/unlock-account", formPost({ token: linkToken })),
        params: {},
        context,
      } as never),
  },
];

describe("per-network limits on public posts", () => {
  test.each(cases)("$name answers 429 with Retry-After once $limit is used up", async ({ limit, send }) => {
    const listing = await createListing();
    await exhaust(limit);
    const before =
      (await prisma.viewingRequest.count()) +
      (await prisma.valuationRequest.count()) +
      (await prisma.contactMessage.count()) +
      (await prisma.user.count());
    const { status, headers } = statusAndHeaders(await send(listing.id));
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    const after =
      (await prisma.viewingRequest.count()) +
      (await prisma.valuationRequest.count()) +
      (await prisma.contactMessage.count()) +
      (await prisma.user.count());
    expect(after).toBe(before);
  });
});

describe("IPv6 networks", () => {
  const contactFrom = (clientIp: string) =>
    contactApi({
      request: new Request(
        "http://localhost/api/v1/contact-us",
        jsonPost({ first_name: "Bob", last_name: "Buyer", email: "bob@example.com", message: "Hello" }),
      ),
      params: {},
      context: { clientIp },
    } as never);

  test("addresses in one /64 share a per-address limit; another /64 has its own", async () => {
    // A new address of the same /64 for each message, as a client rotating through its block would send them.
    for (let i = 1; i <= 10; i++) expect(statusAndHeaders(await contactFrom(`2001:db8:7:1::${i}`)).status).toBe(201);
    expect(statusAndHeaders(await contactFrom("2001:db8:7:1:ffff::1")).status).toBe(429);
    expect(statusAndHeaders(await contactFrom("2001:db8:7:2::1")).status).toBe(201);
  });
});

describe("CSP reports", () => {
  const violation = {
    type: "csp-violation",
    body: { effectiveDirective: "img-src", blockedURL: "https://t.example/x" },
  };
  /** Posts `count` violations in one report from `clientIp`; gives the status. */
  const report = async (clientIp: string, count: number) =>
    (
      (await cspReport({
        request: new Request("http://localhost/csp-report", jsonPost(Array(count).fill(violation))),
        params: {},
        context: { clientIp },
      } as never)) as Response
    ).status;

  test("are logged up to 30 violations a minute from one address and 300 in all; beyond, refused with 429", async () => {
    const warn = vi.spyOn(logger, "warn");
    try {
      expect(await report(ip, 20)).toBe(204);
      expect(await report(ip, 10)).toBe(204);
      expect(await report(ip, 1)).toBe(429);
      expect(warn).toHaveBeenCalledTimes(30);
      // Other addresses are not held up by this one, until all of them together reach the overall limit.
      for (let i = 1; i <= 9; i++) {
        expect(await report(`198.51.100.${i}`, 20)).toBe(204); // a report's first 20 violations count
        expect(await report(`198.51.100.${i}`, 10)).toBe(204);
      }
      expect(await report("198.51.100.10", 1)).toBe(429);
      expect(warn).toHaveBeenCalledTimes(300);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("honeypot", () => {
  test("the signup form refuses a filled-in honeypot and creates no account", async () => {
    const result = await signupPage({
      request: new Request(
        "http://localhost/signup",
        formPost({ ...account, confirmPassword: account.password, website: "http://spam.example" }),
      ),
      params: {},
      context,
    } as never);
    expect(statusAndHeaders(result).status).toBe(400);
    expect(JSON.stringify(result)).toContain("Your sign-up looked automated and was not sent.");
    expect(await prisma.user.count()).toBe(0);
  });

  test("the forgot-password form refuses a filled-in honeypot and makes no link", async () => {
    await prisma.user.create({ data: { email: account.email, fullName: account.fullName, passwordHash: "x" } });
    const result = await forgotPage({
      request: new Request(
        "http://localhost/forgot-password",
        formPost({ email: account.email, website: "http://spam.example" }),
      ),
      params: {},
      context,
    } as never);
    expect(statusAndHeaders(result).status).toBe(400);
    expect(JSON.stringify(result)).toContain("Your request looked automated and was not sent.");
    expect(await prisma.accountToken.count()).toBe(0);
  });
});
