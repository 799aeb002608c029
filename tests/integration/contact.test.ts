import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { registerAccount } from "../../app/modules/auth/accounts.server";
import { upsertAdmin } from "../../app/modules/auth/admins.server";
import { loader as adminMessagesLoader } from "../../app/routes/admin.messages";
import { action as adminMessageAction, loader as adminMessageLoader } from "../../app/routes/admin.messages.$id";
import { action as contactApi } from "../../app/routes/api.v1.contact-us";
import { action as contactPage } from "../../app/routes/contact-us";
import { setupTestDatabase } from "../support/database";
import { dataResult, formPost, jsonPost, signedInJar } from "../support/requests";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();
afterEach(resetLimiters);

const context = { clientIp: "203.0.113.30" };
const bob = {
  first_name: "Bob",
  last_name: "Buyer",
  email: "bob@example.com",
  phone_number: "",
  country: "US",
  message: "Is the flat on Granby Street still for sale?",
};

const postPage = (fields: Record<string, string>) =>
  contactPage({ request: new Request("http://localhost/contact-us", formPost(fields)), params: {}, context } as never);
const postApi = (init: RequestInit) =>
  contactApi({ request: new Request("http://localhost/api/v1/contact-us", init), params: {}, context } as never);

describe("the contact form", () => {
  test("stores the message with its country, tells the agency, and returns to an empty form with a toast", async () => {
    const response = await postPage(bob);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("Location")).toBe("/contact-us");
    expect((response as Response).headers.get("Set-Cookie")).toMatch(/^toast=/);

    const saved = await prisma.contactMessage.findFirstOrThrow();
    expect(saved).toMatchObject({
      firstName: "Bob",
      lastName: "Buyer",
      email: "bob@example.com",
      phoneNumber: null,
      country: "US",
      handledAt: null,
    });
    await sendQueuedMail();
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(["office@movewise.example"]);
    expect(inbox[0]!.raw).toMatch(/^Subject: New message from Bob Buyer/m);
    expect(inbox[0]!.raw).toMatch(/^Reply-To: bob@example.com$/m);
    expect(textOf(inbox[0]!)).toContain("Is the flat on Granby Street still for sale?");
    expect(textOf(inbox[0]!)).toContain("Country: United States");
  });

  test("empty, malformed and oversized input gets field errors and saves nothing", async () => {
    const empty = dataResult(await postPage({}));
    expect(empty.status).toBe(400);
    expect(empty.data.result.error).toEqual({
      first_name: ["Enter your first name."],
      last_name: ["Enter your last name."],
      email: ["Enter your email address."],
      message: ["Enter your message."],
    });
    const bad = dataResult(
      await postPage({ ...bob, email: "bob@", phone_number: "12", country: "FR", message: "x".repeat(5001) }),
    );
    expect(bad.data.result.error).toEqual({
      email: ["Enter a valid email address, like name@example.co.uk."],
      phone_number: ["Enter a valid phone number, like 07700 900123."],
      country: ["Choose United Kingdom, United States or Canada."],
      message: ["Use at most 5,000 characters."],
    });
    expect(await prisma.contactMessage.count()).toBe(0);
    await sendQueuedMail();
    expect(inbox).toHaveLength(0);
  });

  test("a bot that fills in the honeypot, or too many messages, gets the server's message", async () => {
    const bot = dataResult(await postPage({ ...bob, website: "spam" }));
    expect(bot.status).toBe(400);
    expect(bot.data.toast).toMatchObject({ type: "error", message: "Your message looked automated and was not sent." });
    expect(await prisma.contactMessage.count()).toBe(0);

    for (let i = 0; i < 10; i++) expect(await postPage(bob)).toBeInstanceOf(Response);
    const limited = dataResult(await postPage(bob));
    expect(limited.status).toBe(429);
    expect(limited.data.toast.message).toMatch(/^Too many messages have been sent from your network\. Try again in/);
    expect(await prisma.contactMessage.count()).toBe(10);
  });
});

describe("POST /api/v1/contact-us", () => {
  test("201 with the id; the phone number is optional", async () => {
    const response = await postApi(jsonPost({ ...bob, phone_number: "+44 7700 900123" }));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ success: true, message: "Message sent successfully!", id: expect.any(Number) });
    expect(await prisma.contactMessage.findUnique({ where: { id: body.id } })).toMatchObject({
      phoneNumber: "+44 7700 900123",
      country: "US",
    });
    const { country: _country, phone_number: _phone, ...minimal } = bob;
    expect((await postApi(jsonPost({ ...minimal, phone_number: null }))).status).toBe(201);
    expect(await prisma.contactMessage.findFirst({ orderBy: { id: "desc" } })).toMatchObject({
      phoneNumber: null,
      country: "UK",
    });
  });

  test("400, 413 and 415 with a message, and nothing saved", async () => {
    const empty = await postApi(jsonPost({}));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      message: "Enter your first name.",
      errors: { first_name: ["Enter your first name."], message: ["Enter your message."] },
    });
    expect((await postApi(jsonPost("{not json"))).status).toBe(400);
    expect((await postApi(jsonPost([bob]))).status).toBe(400);
    expect((await postApi(jsonPost({ ...bob, message: 42 }))).status).toBe(400);
    expect((await postApi(jsonPost({ ...bob, message: "x".repeat(70_000) }))).status).toBe(413);
    expect((await postApi({ method: "POST", body: new URLSearchParams(bob) })).status).toBe(415);
    expect(await prisma.contactMessage.count()).toBe(0);
  });
});

describe("the admin messages inbox", () => {
  test("admins list, read and mark messages handled; others are turned away", async () => {
    await postPage(bob);
    await postPage({ ...bob, first_name: "Cara" });
    const [older, newer] = await prisma.contactMessage.findMany({ orderBy: { id: "asc" } });
    const admin = await upsertAdmin({ email: "admin@example.com", password: "a long admin password" });
    const jar = await signedInJar(admin.id);

    const list = await adminMessagesLoader({
      request: jar.request("http://localhost/admin/messages"),
      params: {},
      context,
    } as never);
    expect(list.items.map((m) => m.id)).toEqual([newer!.id, older!.id]);
    await expect(
      adminMessagesLoader({
        request: jar.request("http://localhost/admin/messages?page=zero"),
        params: {},
        context,
      } as never),
    ).rejects.toMatchObject({
      status: 302,
    });

    const args = (id: string, init?: RequestInit) =>
      ({ request: jar.request(`http://localhost/admin/messages/${id}`, init), params: { id }, context }) as never;
    expect(await adminMessageLoader(args(String(older!.id)))).toMatchObject({ firstName: "Bob", handledAt: null });
    await expect(adminMessageLoader(args("999999"))).rejects.toMatchObject({ init: { status: 404 } });
    await expect(adminMessageLoader(args("abc"))).rejects.toMatchObject({ init: { status: 404 } });

    const marked = (await adminMessageAction(args(String(older!.id), formPost({ intent: "handled" })))) as Response;
    expect(marked.status).toBe(302);
    expect(marked.headers.get("Location")).toBe(`/admin/messages/${older!.id}`);
    expect((await prisma.contactMessage.findUniqueOrThrow({ where: { id: older!.id } })).handledAt).toBeInstanceOf(
      Date,
    );
    expect((await prisma.contactMessage.findUniqueOrThrow({ where: { id: newer!.id } })).handledAt).toBeNull();

    const vendor = await registerAccount(
      {
        fullName: "Vera Vendor",
        email: "vera@example.com",
        phoneNumber: "07700 900456",
        password: "a long vendor password",
      },
      { ipAddress: "198.51.100.9" },
    );
    const vendorJar = await signedInJar(vendor.id);
    const asVendor = {
      request: vendorJar.request(`http://localhost/admin/messages/${newer!.id}`, formPost({ intent: "handled" })),
      params: { id: String(newer!.id) },
      context,
    } as never;
    await expect(adminMessageAction(asVendor)).rejects.toMatchObject({ init: { status: 403 } });
    await expect(
      adminMessagesLoader({ request: new Request("http://localhost/admin/messages"), params: {}, context } as never),
    ).rejects.toMatchObject({ status: 302 });
    expect((await prisma.contactMessage.findUniqueOrThrow({ where: { id: newer!.id } })).handledAt).toBeNull();
  });
});
