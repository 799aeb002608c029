import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { registerAccount } from "../../app/modules/auth/accounts.server";
import { upsertAdmin } from "../../app/modules/auth/admins.server";
import { ValuationRequestSchema } from "../../app/modules/valuations/schemas";
import {
  listValuationRequests,
  markValuationRequestHandled,
  requestValuation,
} from "../../app/modules/valuations/valuations.server";
import { loader as adminListPage } from "../../app/routes/admin.valuations";
import { action as createApi } from "../../app/routes/api.v1.valuation.request";
import { loader as requestApi } from "../../app/routes/api.v1.valuation.request.$id";
import { loader as listApi } from "../../app/routes/api.v1.valuation.requests";
import { action, loader } from "../../app/routes/valuation";
import { setupTestDatabase } from "../support/database";
import { CookieJar, dataResult, formPost, jsonPost, signedInJar } from "../support/requests";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
afterEach(resetLimiters);

const context = { clientIp: "203.0.113.20" };
const net = { ipAddress: context.clientIp };
const ann = {
  firstName: "Ann",
  lastName: "Seller",
  email: "Ann@Example.com",
  contactNumber: "07700 900123",
  marketingConsent: true,
};
/** Ann's details as the step 3 form posts them (a ticked checkbox sends "on"). */
const annForm = { ...ann, marketingConsent: "on" };

describe("requestValuation", () => {
  test("saves the request and emails the requester and the agency", async () => {
    const input = ValuationRequestSchema.parse({ ...ann, postcode: "le15ww", message: "Three-bed semi, new kitchen." });
    const saved = await requestValuation(input, net);
    expect(saved).toMatchObject({
      postcode: "LE1 5WW",
      email: "ann@example.com",
      valuationType: "instant",
      purposeType: "sell",
      marketingConsent: true,
    });

    await sendQueuedMail();
    expect(inbox.map((m) => m.to)).toEqual(expect.arrayContaining([["ann@example.com"], ["office@movewise.example"]]));
    const confirmation = inbox.find((m) => m.to[0] === "ann@example.com")!;
    expect(confirmation.raw).toMatch(/^Subject: We have your valuation request/m);
    expect(textOf(confirmation)).toContain("An agent will be in touch within 24 hours.");
    expect(textOf(confirmation)).toContain("A RICS-qualified valuer reviews your property details.");
    const notification = inbox.find((m) => m.to[0] === "office@movewise.example")!;
    expect(notification.raw).toMatch(new RegExp(`^Subject: Valuation request V-${saved.id}: LE1 5WW`, "m"));
    expect(notification.raw).toMatch(/^Reply-To: Ann@example.com$/im);
    expect(textOf(notification)).toContain("Three-bed semi, new kitchen.");
    expect(textOf(notification)).toContain(`/admin/valuations/${saved.id}`);
  });

  test("a mail failure does not lose the request", async () => {
    const saved = await requestValuation(
      ValuationRequestSchema.parse({ ...ann, email: "reject@example.com", postcode: "SW1A 1AA" }),
      net,
    );
    expect(await prisma.valuationRequest.findUnique({ where: { id: saved.id } })).not.toBeNull();
    await sendQueuedMail();
    expect(inbox.map((m) => m.to)).toEqual([["office@movewise.example"]]);
  });

  test("limits requests per network", async () => {
    const input = ValuationRequestSchema.parse({ ...ann, postcode: "SW1A 1AA" });
    for (let i = 0; i < 10; i++) await requestValuation(input, net);
    await expect(requestValuation(input, net)).rejects.toThrow(/Too many valuation requests/);
    expect(await prisma.valuationRequest.count()).toBe(10);
  });

  test("lists newest first, a page at a time, and marks handled once", async () => {
    const input = ValuationRequestSchema.parse({ ...ann, postcode: "SW1A 1AA" });
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push((await requestValuation({ ...input, firstName: `Ann${i}` }, { ipAddress: `198.51.100.${i}` })).id);
    const first = await listValuationRequests({ page: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2, pageCount: 2 });
    expect(first.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect((await listValuationRequests({ page: 2, pageSize: 2 })).items.map((r) => r.id)).toEqual([ids[0]]);

    const handled = await markValuationRequestHandled(ids[0]!);
    expect(handled?.handledAt).toBeInstanceOf(Date);
    const again = await markValuationRequestHandled(ids[0]!);
    expect(again?.handledAt).toEqual(handled?.handledAt);
    expect(await markValuationRequestHandled(999_999)).toBeNull();
  });
});

describe("the /valuation flow", () => {
  const url = (step?: string) => `http://localhost/valuation${step ? `?step=${step}` : ""}`;
  const load = (jar: CookieJar, step?: string) =>
    loader({ request: jar.request(url(step)), params: {}, context } as never);
  const post = async (jar: CookieJar, step: string | undefined, fields: Record<string, string>) => {
    const result = await action({ request: jar.request(url(step), formPost(fields)), params: {}, context } as never);
    if (result instanceof Response) jar.take(result);
    return result;
  };

  test("walks type → postcode → details → thank-you, then resets", async () => {
    const jar = new CookieJar();
    expect(await load(jar)).toMatchObject({ step: "type", postcode: null });

    const toPostcode = await post(jar, undefined, { intent: "type", valuationType: "instant" });
    expect((toPostcode as Response).headers.get("Location")).toBe("/valuation?step=postcode");
    expect(await load(jar, "postcode")).toMatchObject({ step: "postcode", postcode: null });

    const toDetails = await post(jar, "postcode", { intent: "postcode", postcode: "  le15ww " });
    expect((toDetails as Response).headers.get("Location")).toBe("/valuation?step=details");
    expect(await load(jar, "details")).toMatchObject({ step: "details", postcode: "LE1 5WW" });

    const done = await post(jar, "details", { intent: "details", ...annForm, message: "" });
    expect((done as Response).headers.get("Location")).toBe("/valuation?step=thank-you");
    const saved = await prisma.valuationRequest.findFirstOrThrow();
    expect(saved).toMatchObject({
      postcode: "LE1 5WW",
      firstName: "Ann",
      email: "ann@example.com",
      marketingConsent: true,
      message: null,
      valuationType: "instant",
    });
    await sendQueuedMail();
    expect(inbox).toHaveLength(2);
    expect(await load(jar, "thank-you")).toMatchObject({ step: "thank-you", postcode: null });

    const reset = await post(jar, "thank-you", { intent: "reset" });
    expect((reset as Response).headers.get("Location")).toBe("/valuation");
    await expect(load(jar, "thank-you")).rejects.toMatchObject({ status: 302 });
    expect(await load(jar)).toMatchObject({ step: "type", postcode: null });
  });

  test("sales goes to /login and remortgage to the mortgage broker", async () => {
    const sales = (await post(new CookieJar(), undefined, { intent: "type", valuationType: "sales" })) as Response;
    expect(sales.headers.get("Location")).toBe("/login");
    const remortgage = (await post(new CookieJar(), undefined, {
      intent: "type",
      valuationType: "remortgage",
    })) as Response;
    expect(remortgage.headers.get("Location")).toBe(
      "https://www.moneyhelper.org.uk/en/homes/buying-a-home/mortgage-brokers",
    );
  });

  test("steps cannot be skipped, and a forged progress cookie counts for nothing", async () => {
    const jar = new CookieJar();
    await expect(load(jar, "details")).rejects.toMatchObject({ status: 302, headers: expect.any(Headers) });
    const skipped = (await post(jar, "details", { intent: "details", ...annForm })) as Response;
    expect(skipped.headers.get("Location")).toBe("/valuation");
    const forged = new CookieJar({
      valuation_flow: Buffer.from(
        JSON.stringify({ draft: { valuationType: "instant", postcode: "LE1 5WW" } }),
      ).toString("base64"),
    });
    await expect(load(forged, "details")).rejects.toMatchObject({ status: 302 });
    expect(await prisma.valuationRequest.count()).toBe(0);
  });

  test("empty, malformed and oversized input gets field errors and saves nothing", async () => {
    const jar = new CookieJar();
    const badType = dataResult(await post(jar, undefined, { intent: "type", valuationType: "lottery" }));
    expect(badType.status).toBe(400);
    expect(badType.data.result.error).toEqual({ valuationType: ["Choose the type of valuation you need."] });

    await post(jar, undefined, { intent: "type", valuationType: "instant" });
    for (const [postcode, message] of [
      ["   ", "Enter your property's postcode."],
      ["LE1", "Enter a full UK postcode, like SW1A 1AA."],
      ["BFPO 1234", "Enter a full UK postcode, like SW1A 1AA."],
      ["x".repeat(5000), "Enter a UK postcode, like SW1A 1AA."],
    ]) {
      const result = dataResult(await post(jar, "postcode", { intent: "postcode", postcode: postcode! }));
      expect(result.status).toBe(400);
      expect(result.data.result.error).toEqual({ postcode: [message] });
    }
    await post(jar, "postcode", { intent: "postcode", postcode: "SW1A 1AA" });

    const empty = dataResult(await post(jar, "details", { intent: "details" }));
    expect(empty.status).toBe(400);
    expect(empty.data.result.error).toEqual({
      firstName: ["Enter your first name."],
      lastName: ["Enter your last name."],
      email: ["Enter your email address."],
      contactNumber: ["Enter your phone number."],
    });
    const malformed = dataResult(
      await post(jar, "details", {
        intent: "details",
        ...annForm,
        email: "not-an-email",
        contactNumber: "call me",
        firstName: "A".repeat(101),
        message: "m".repeat(2001),
      }),
    );
    expect(malformed.data.result.error).toEqual({
      firstName: ["Use at most 100 characters."],
      email: ["Enter a valid email address, like name@example.co.uk."],
      contactNumber: ["Enter a valid phone number, like 07700 900123."],
      message: ["Use at most 2,000 characters."],
    });
    // What was typed comes back to the form.
    expect(malformed.data.result.initialValue).toMatchObject({ email: "not-an-email", contactNumber: "call me" });
    expect(await prisma.valuationRequest.count()).toBe(0);
    await sendQueuedMail();
    expect(inbox).toHaveLength(0);
  });

  test("a filled-in honeypot or a rate limit gives the failure toast and saves nothing more", async () => {
    const jar = new CookieJar();
    await post(jar, undefined, { intent: "type", valuationType: "instant" });
    await post(jar, "postcode", { intent: "postcode", postcode: "SW1A 1AA" });

    const bot = dataResult(
      await post(jar, "details", { intent: "details", ...annForm, website: "http://spam.example" }),
    );
    expect(bot.status).toBe(400);
    expect(bot.data.toast).toMatchObject({
      type: "error",
      message: "Failed to submit request. Please try again.",
      description: "Your request looked automated and was not sent.",
    });
    expect(await prisma.valuationRequest.count()).toBe(0);

    for (let i = 0; i < 10; i++)
      await requestValuation(ValuationRequestSchema.parse({ ...ann, postcode: "SW1A 1AA" }), net);
    const limited = dataResult(await post(jar, "details", { intent: "details", ...annForm }));
    expect(limited.status).toBe(429);
    expect(limited.data.toast).toMatchObject({ type: "error", message: "Failed to submit request. Please try again." });
    expect(limited.data.toast.description).toMatch(/Too many valuation requests/);
    expect(await prisma.valuationRequest.count()).toBe(10);
  });
});

describe("the valuation API", () => {
  const create = (init: RequestInit) =>
    createApi({
      request: new Request("http://localhost/api/v1/valuation/request", init),
      params: {},
      context,
    } as never);

  test("POST /valuation/request: 201 { success, id }, with the spec's fields and defaults", async () => {
    const response = await create(jsonPost({ ...ann, postcode: "dn551pt", message: null }));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ success: true, id: expect.any(Number) });
    expect(await prisma.valuationRequest.findUnique({ where: { id: body.id } })).toMatchObject({
      valuationType: "instant",
      purposeType: "sell",
      postcode: "DN55 1PT",
      message: null,
    });
    await sendQueuedMail();
    expect(inbox).toHaveLength(2);
    const remortgage = await create(
      jsonPost({ ...ann, postcode: "M1 1AE", valuationType: "remortgage", purposeType: "remortgage" }),
    );
    expect(remortgage.status).toBe(201);
  });

  test("POST /valuation/request: empty, malformed or oversized bodies get 400/413/415 and save nothing", async () => {
    const empty = await create(jsonPost({}));
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors).toEqual({
      postcode: ["Enter your property's postcode."],
      firstName: ["Enter your first name."],
      lastName: ["Enter your last name."],
      email: ["Enter your email address."],
      contactNumber: ["Enter your phone number."],
    });
    const bad = await create(
      jsonPost({
        ...ann,
        postcode: "90210",
        valuationType: "auction",
        marketingConsent: "yes",
        purposeType: "<script>",
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual([
      "marketingConsent",
      "postcode",
      "purposeType",
      "valuationType",
    ]);
    expect((await create(jsonPost("[]"))).status).toBe(400);
    expect((await create(jsonPost("nope"))).status).toBe(400);
    expect((await create(jsonPost({ ...ann, postcode: "SW1A 1AA", message: "x".repeat(100_000) }))).status).toBe(413);
    expect((await create({ method: "POST", body: "postcode=SW1A1AA" })).status).toBe(415);
    expect(await prisma.valuationRequest.count()).toBe(0);
    await sendQueuedMail();
    expect(inbox).toHaveLength(0);
  });

  test("GET /valuation/requests and /valuation/request/{id}: admins only, 404 for an unknown id", async () => {
    const { id } = await requestValuation(ValuationRequestSchema.parse({ ...ann, postcode: "SW1A 1AA" }), net);
    await requestValuation(ValuationRequestSchema.parse({ ...ann, firstName: "Ben", postcode: "LE1 5WW" }), net);
    const admin = await signedInJar(
      (await upsertAdmin({ email: "admin@example.com", password: "a long admin password" })).id,
    );
    const vendor = await signedInJar(
      (
        await registerAccount(
          {
            fullName: "Vera Vendor",
            email: "vera@example.com",
            phoneNumber: "07700 900456",
            password: "a long vendor password",
          },
          { ipAddress: "198.51.100.9" },
        )
      ).id,
    );
    const list = (jar: CookieJar, query = "") =>
      listApi({
        request: jar.request(`http://localhost/api/v1/valuation/requests${query}`),
        params: {},
        context,
      } as never);
    const one = (jar: CookieJar, idParam: string) =>
      requestApi({
        request: jar.request(`http://localhost/api/v1/valuation/request/${idParam}`),
        params: { id: idParam },
        context,
      } as never);

    expect((await list(new CookieJar())).status).toBe(401);
    expect((await list(vendor)).status).toBe(403);
    const listed = await list(admin, "?pageSize=1");
    expect(listed.status).toBe(200);
    const body = await listed.json();
    expect(body).toMatchObject({ success: true, total: 2, page: 1, pageSize: 1, pageCount: 2 });
    expect(body.data).toEqual([
      expect.objectContaining({
        firstName: "Ben",
        postcode: "LE1 5WW",
        handledAt: null,
        createdAt: expect.any(String),
      }),
    ]);
    for (const query of ["?page=0", "?pageSize=1000", "?page=abc"]) {
      const refused = await list(admin, query);
      expect(refused.status, query).toBe(400);
      expect((await refused.json()).message).toMatch(/page/);
    }

    expect((await one(new CookieJar(), String(id))).status).toBe(401);
    expect((await one(vendor, String(id))).status).toBe(403);
    const found = await one(admin, String(id));
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({
      success: true,
      data: expect.objectContaining({
        id,
        valuationType: "instant",
        purposeType: "sell",
        postcode: "SW1A 1AA",
        firstName: "Ann",
        lastName: "Seller",
        contactNumber: "07700 900123",
        email: "ann@example.com",
        message: null,
        marketingConsent: true,
      }),
    });
    const missing = await one(admin, "999999");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "There is no valuation request 999999." });
    expect((await one(admin, "12abc")).status).toBe(400);
    expect((await one(admin, "99999999999")).status).toBe(400);
  });
});

describe("the admin valuations inbox", () => {
  test("pages 25 at a time, newest first; a page past the end or a malformed one goes back", async () => {
    await prisma.valuationRequest.createMany({
      data: Array.from({ length: 30 }, (_, i) => ({
        ...ann,
        firstName: `Seller${i}`,
        postcode: "SW1A 1AA",
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    });
    const admin = await signedInJar(
      (await upsertAdmin({ email: "admin@example.com", password: "a long admin password" })).id,
    );
    const page = (query: string) =>
      adminListPage({
        request: admin.request(`http://localhost/admin/valuations${query}`),
        params: {},
        context,
      } as never);
    const first = await page("");
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.firstName).toBe("Seller29");
    const second = await page("?page=2");
    expect(second.items.map((r) => r.firstName)).toEqual(["Seller4", "Seller3", "Seller2", "Seller1", "Seller0"]);
    await expect(page("?page=9")).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get("Location") === "/admin/valuations?page=2",
    );
    await expect(page("?page=-1")).rejects.toSatisfy(
      (r: Response) => r.status === 302 && r.headers.get("Location") === "/admin/valuations",
    );
    await expect(
      adminListPage({ request: new Request("http://localhost/admin/valuations"), params: {}, context } as never),
    ).rejects.toMatchObject({ status: 302 });
  });
});
