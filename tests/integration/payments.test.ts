// Card payments with the offline sandbox provider (the default): the payment page and its form, the
// result pages, the /api/v1/stripe endpoints, the admin's refunds and the emails.
import { afterEach, describe, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { reloadEnv } from "../../app/lib/env.server";
import { consume, resetLimiters } from "../../app/lib/rate-limits.server";
import { PACKAGE_NAME, SELLING_PACKAGE_CHARGE } from "../../app/modules/marketing/packages";
import { paymentLinkToken } from "../../app/modules/payments/payment-link.server";
import { action as adminAction, loader as adminPayments } from "../../app/routes/admin.payments";
import { action as adminProjectPage } from "../../app/routes/admin-property-details.$projectId";
import { action as revokeLinksApi } from "../../app/routes/api.v1.admin.projects.$id.payment-link";
import { action as confirmPayment } from "../../app/routes/api.v1.stripe.confirm-payment";
import { action as createIntent } from "../../app/routes/api.v1.stripe.create-payment-intent";
import { loader as history } from "../../app/routes/api.v1.stripe.payment-history";
import { loader as bookingHistory } from "../../app/routes/api.v1.stripe.payment-history.$bookingId";
import { action as webhook } from "../../app/routes/api.v1.stripe.webhook";
import { action as pay, loader as paymentPage } from "../../app/routes/payment.$projectId";
import { loader as failedPage } from "../../app/routes/payment.failed";
import { loader as successPage } from "../../app/routes/payment.success";
import { setupTestDatabase } from "../support/database";
import { account, projectOf, request, routeArgs, settle, TEST_CARD } from "../support/payments";
import { sendQueuedMail, setupSmtpServer, textOf } from "../support/smtp";

setupTestDatabase();
const inbox = setupSmtpServer();

afterEach(() => {
  delete process.env.PACKAGE_NET_PENCE;
  reloadEnv();
  resetLimiters();
});

type Page = {
  intent: { id: string; clientSecret: string; status: string } | null;
  paid: { receiptNumber: number } | null;
  problem: string | null;
  project: { name: string; email: string };
  price: { totalPence: number };
  paymentLink: string;
};

async function openPage(projectId: number, { cookie, token }: { cookie?: string; token?: string } = {}) {
  return settle(() =>
    paymentPage(
      routeArgs(request(`/payment/${projectId}${token ? `?token=${token}` : ""}`, { cookie }), {
        projectId: String(projectId),
      }),
    ),
  );
}

async function pageFor(projectId: number, who: { cookie?: string; token?: string }) {
  const page = await openPage(projectId, who);
  expect(page.status).toBe(200);
  return page.data as Page;
}

/** Submits the sandbox card form as a browser would, without JavaScript. */
async function submitCard(
  projectId: number,
  who: { cookie?: string; token?: string },
  card: Partial<typeof TEST_CARD> & Record<string, string> = {},
  clientSecret?: string,
) {
  const secret = clientSecret ?? (await pageFor(projectId, who)).intent!.clientSecret;
  const path = `/payment/${projectId}${who.token ? `?token=${who.token}` : ""}`;
  return settle(() =>
    pay(
      routeArgs(
        request(path, { cookie: who.cookie, form: { intent: "pay", clientSecret: secret, ...TEST_CARD, ...card } }),
        { projectId: String(projectId) },
      ),
    ),
  );
}

const paymentsOf = (projectId: number) => prisma.payment.findMany({ where: { projectId }, orderBy: { id: "asc" } });

describe("who may open a payment page", () => {
  test("the owner, an admin and anyone with the signed link; everyone else gets the same 404 as a missing booking", async () => {
    const ann = await account("vendor");
    const bob = await account("vendor", "Bob Other");
    const admin = await account("admin");
    const project = await projectOf(ann);

    expect((await openPage(project.id, { cookie: ann.cookie })).status).toBe(200);
    expect((await openPage(project.id, { cookie: admin.cookie })).status).toBe(200);
    const asGuest = await pageFor(project.id, { token: paymentLinkToken(project) });
    expect(asGuest.project).toMatchObject({ name: "Ann Seller", email: ann.email });
    expect(asGuest.paymentLink).toBe(`http://localhost:3000/payment/${project.id}?token=${paymentLinkToken(project)}`);

    for (const denied of [
      await openPage(project.id),
      await openPage(project.id, { cookie: bob.cookie }),
      await openPage(project.id, { token: paymentLinkToken({ ...project, id: project.id + 1 }) }),
      await openPage(project.id, { token: "guessed" }),
      await openPage(999_999, { cookie: admin.cookie }),
    ]) {
      expect(denied.status).toBe(404);
      expect(JSON.stringify(denied.data ?? null)).not.toContain("Ann");
    }
    const form = { intent: "pay", clientSecret: "x", ...TEST_CARD };
    expect(
      (
        await settle(() =>
          pay(
            routeArgs(request(`/payment/${project.id}`, { cookie: bob.cookie, form }), {
              projectId: String(project.id),
            }),
          ),
        )
      ).status,
    ).toBe(404);
  });

  test("an admin sees the summary and the link to send, but no card form, and cannot pay", async () => {
    const ann = await account("vendor");
    const admin = await account("admin");
    const project = await projectOf(ann);
    const page = (await pageFor(project.id, { cookie: admin.cookie })) as Page & { staffView: boolean };
    expect(page).toMatchObject({
      staffView: true,
      intent: null,
      problem: null,
      paymentLink: expect.stringContaining(`?token=${paymentLinkToken(project)}`),
    });
    expect(await paymentsOf(project.id)).toEqual([]);

    const { intent } = await pageFor(project.id, { cookie: ann.cookie });
    const attempt = await submitCard(project.id, { cookie: admin.cookie }, {}, intent!.clientSecret);
    expect(attempt.status).toBe(403);
    expect(JSON.stringify(attempt.data)).toContain(
      "Admins can't pay for a vendor: send them the payment link instead.",
    );
    const api = await createIntent(
      routeArgs(
        request("/api/v1/stripe/create-payment-intent", { cookie: admin.cookie, json: { bookingId: project.id } }),
      ),
    );
    expect(api.status).toBe(403);
    expect((await paymentsOf(project.id)).map((p) => p.status)).toEqual(["pending"]);
  });
});

describe("paying with the sandbox", () => {
  test("the page opens one sandbox intent for the package price and reuses it on reload", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const first = await pageFor(project.id, { cookie: ann.cookie });
    const again = await pageFor(project.id, { cookie: ann.cookie });
    expect(first.price.totalPence).toBe(SELLING_PACKAGE_CHARGE.totalPence);
    expect(first.intent).toMatchObject({
      id: expect.stringMatching(/^sbx_pi_/),
      status: "pending",
      clientSecret: expect.stringMatching(/^sbx_pi_[\w-]+_secret_[\w-]+$/),
    });
    expect(again.intent).toEqual(first.intent);
    expect(await paymentsOf(project.id)).toMatchObject([
      {
        status: "pending",
        amountPence: 179_400,
        currency: "gbp",
        provider: "sandbox",
        idempotencyKey: `booking-${project.id}-payment-1`,
      },
    ]);
  });

  test("once a network has used up its payment attempts, the card form answers 429 and charges nothing", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const secret = (await pageFor(project.id, { cookie: ann.cookie })).intent!.clientSecret;
    // routeArgs sends every request from 203.0.113.9.
    for (;;) {
      try {
        await consume("paymentAttemptsPerIp", "203.0.113.9", "spent");
      } catch {
        break;
      }
    }
    const result = await submitCard(project.id, { cookie: ann.cookie }, {}, secret);
    expect(result.status).toBe(429);
    expect(await paymentsOf(project.id)).toMatchObject([{ status: "pending", cardLast4: null }]);
  });

  test("two page loads at once share one intent", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const [a, b] = await Promise.all([
      pageFor(project.id, { cookie: ann.cookie }),
      pageFor(project.id, { cookie: ann.cookie }),
    ]);
    expect(a.intent).toEqual(b.intent);
    expect(await paymentsOf(project.id)).toHaveLength(1);
  });

  test("4242 4242 4242 4242 pays: completed with a receipt number, brand and last 4 only, and a VAT receipt by email", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const result = await submitCard(project.id, { cookie: ann.cookie });
    const [payment] = await paymentsOf(project.id);
    expect(result.status).toBe(302);
    expect(result.location).toBe(
      `/payment/success?payment_intent=${payment!.providerPaymentId}&token=${paymentLinkToken(project)}`,
    );
    expect(payment).toMatchObject({
      status: "completed",
      amountPence: 179_400,
      receiptNumber: 1,
      cardBrand: "Visa",
      cardLast4: "4242",
      userId: ann.id,
      completedAt: expect.any(Date),
    });
    expect(payment!.chargeId).toMatch(/^sbx_ch_/);

    const success = await settle(() => successPage(routeArgs(request(result.location!))));
    expect(success.data).toMatchObject({
      receipt: { number: "MW-000001", amount: "£1,794.00", card: "Visa ending 4242" },
      processing: false,
    });

    await sendQueuedMail();
    expect(inbox.map((m) => m.to).sort()).toEqual([[ann.email], ["office@movewise.example"]].sort());
    const toPayer = inbox.find((m) => m.to[0] === ann.email)!;
    const receipt = textOf(toPayer);
    expect(toPayer.raw).toMatch(/^Subject: Payment received - your VAT receipt MW-000001/m);
    for (const line of [
      "VAT receipt MW-000001",
      "VAT registration number:  GB 999 9999 73",
      "Price excluding VAT:      £1,495.00",
      "VAT at 20%:               £299.00",
      "Total paid:               £1,794.00",
      "Paid by Visa ending 4242",
      "Ann Seller, 42 Welford Road",
      PACKAGE_NAME,
      "no money moved",
    ]) {
      expect(receipt).toContain(line);
    }
    expect(textOf(inbox.find((m) => m.to[0] === "office@movewise.example")!)).toContain(
      `Ann Seller paid £1,794.00 for the selling package for 42 Welford Road, Leicester LE2 6BF (booking ${project.id})`,
    );
    expect(
      await prisma.auditEvent.count({ where: { action: "payment.completed", entityId: String(payment!.id) } }),
    ).toBe(1);
    expect(SELLING_PACKAGE_CHARGE.vatPence).toBe(29_900);
  });

  test("4000 0000 0000 0002 is declined: the message shows above the card field, the failure is recorded, the number is not echoed", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const result = await submitCard(project.id, { cookie: ann.cookie }, { cardNumber: "4000 0000 0000 0002" });
    expect(result.status).toBe(402);
    const reply = JSON.stringify(result.data);
    expect(reply).toContain("Your card was declined.");
    expect(reply).toContain("LE2 6BF");
    expect(reply).not.toMatch(/4000 ?0000 ?0000 ?0002/);
    expect(reply).not.toContain(TEST_CARD.cvc);
    expect(await paymentsOf(project.id)).toMatchObject([
      { status: "failed", failureMessage: "Your card was declined.", cardLast4: "0002", receiptNumber: null },
    ]);
    await sendQueuedMail();
    expect(inbox).toHaveLength(0);
    const failedEvent = await prisma.auditEvent.findFirstOrThrow({ where: { action: "payment.failed" } });
    expect(failedEvent).toMatchObject({ actorId: ann.id, entity: "Payment" });
    expect(failedEvent.detail).toMatchObject({
      projectId: project.id,
      after: "failed",
      failureMessage: "Your card was declined.",
    });

    // The next attempt is an intent of its own, and it can succeed.
    const retry = await submitCard(project.id, { cookie: ann.cookie });
    expect(retry.status).toBe(302);
    expect((await paymentsOf(project.id)).map((p) => p.status)).toEqual(["failed", "completed"]);
  });

  test("a declined intent's form can be sent again: the new attempt gets an intent of its own", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await pageFor(project.id, { cookie: ann.cookie });
    await submitCard(project.id, { cookie: ann.cookie }, { cardNumber: "4000 0000 0000 9995" }, intent!.clientSecret);
    const again = await submitCard(project.id, { cookie: ann.cookie }, {}, intent!.clientSecret);
    expect(again.status).toBe(302);
    expect(await paymentsOf(project.id)).toMatchObject([
      { status: "failed", failureMessage: "Your card has insufficient funds." },
      { status: "completed", receiptNumber: 1 },
    ]);
  });

  test("bad card details are field errors (400) that keep the expiry and postcode but never the number or security code", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const result = await submitCard(
      project.id,
      { cookie: ann.cookie },
      { cardNumber: "4242 4242 4242 4241", expiry: "01/20", cvc: "9" },
    );
    expect(result.status).toBe(400);
    const reply = result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(reply.result.error).toMatchObject({
      cardNumber: ["Your card number is invalid."],
      expiry: ["Your card's expiry date is in the past."],
      cvc: ["Your card's security code is incomplete."],
    });
    expect(reply.result.initialValue).toMatchObject({ expiry: "01/20", postcode: "LE2 6BF" });
    expect(reply.result.initialValue.cardNumber).toBeUndefined();
    expect(reply.result.initialValue.cvc).toBeUndefined();
    expect((await paymentsOf(project.id)).map((p) => p.status)).toEqual(["pending"]);
  });

  test("a card that asks for 3-D Secure waits for authentication, then completes or fails", async () => {
    const ann = await account("vendor");
    const [approved, refused, declinedAfter] = [
      await projectOf(ann, "1 Approved Road"),
      await projectOf(ann, "2 Refused Road"),
      await projectOf(ann, "3 Declined Road"),
    ];
    const authenticate = async (projectId: number, intent: string) => {
      const { intent: open } = await pageFor(projectId, { cookie: ann.cookie });
      expect(open!.status).toBe("processing");
      return settle(() =>
        pay(
          routeArgs(
            request(`/payment/${projectId}`, {
              cookie: ann.cookie,
              form: { intent, clientSecret: open!.clientSecret },
            }),
            { projectId: String(projectId) },
          ),
        ),
      );
    };

    const waiting = await submitCard(approved.id, { cookie: ann.cookie }, { cardNumber: "4000 0025 0000 3155" });
    expect(waiting.location).toBe(`/payment/${approved.id}?token=${paymentLinkToken(approved)}`);
    const done = await authenticate(approved.id, "authenticate");
    expect(done.location).toMatch(/^\/payment\/success\?payment_intent=sbx_pi_[\w-]+&token=/);
    expect(await paymentsOf(approved.id)).toMatchObject([{ status: "completed", cardLast4: "3155" }]);

    await submitCard(refused.id, { cookie: ann.cookie }, { cardNumber: "4000 0025 0000 3155" });
    const failed = await authenticate(refused.id, "fail-authentication");
    expect(failed.location).toMatch(/^\/payment\/failed\?payment_intent=sbx_pi_[\w-]+&token=/);
    const failedPageData = await settle(() => failedPage(routeArgs(request(failed.location!))));
    expect(failedPageData.data).toEqual({
      reason:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
    });
    // Without the token (or the owner's session) the card issuer's reason is not shown.
    const failedUrl = new URL(failed.location!, "http://localhost");
    failedUrl.searchParams.delete("token");
    expect((await settle(() => failedPage(routeArgs(request(failedUrl.pathname + failedUrl.search))))).data).toEqual({
      reason: null,
    });

    await submitCard(declinedAfter.id, { cookie: ann.cookie }, { cardNumber: "4000 0084 0000 1629" });
    await authenticate(declinedAfter.id, "authenticate");
    expect(await paymentsOf(declinedAfter.id)).toMatchObject([
      { status: "failed", failureMessage: "Your card was declined." },
    ]);
  });

  test("'Use a different card' cancels the intent waiting for authentication", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    await submitCard(project.id, { cookie: ann.cookie }, { cardNumber: "4000 0027 6000 3184" });
    const { intent } = await pageFor(project.id, { cookie: ann.cookie });
    const cancelled = await settle(() =>
      pay(
        routeArgs(
          request(`/payment/${project.id}`, {
            cookie: ann.cookie,
            form: { intent: "cancel", clientSecret: intent!.clientSecret },
          }),
          { projectId: String(project.id) },
        ),
      ),
    );
    expect(cancelled.status).toBe(302);
    const fresh = await pageFor(project.id, { cookie: ann.cookie });
    expect(fresh.intent!.status).toBe("pending");
    expect((await paymentsOf(project.id)).map((p) => p.status)).toEqual(["cancelled", "pending"]);
  });

  test("a paid booking cannot be paid again (409 / 'Paid'), whichever way is tried", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const { intent } = await pageFor(project.id, { cookie: ann.cookie });
    await submitCard(project.id, { cookie: ann.cookie }, {}, intent!.clientSecret);

    const page = await pageFor(project.id, { cookie: ann.cookie });
    expect(page.paid).toMatchObject({ receiptNumber: 1 });
    expect(page.intent).toBeNull();
    expect((await submitCard(project.id, { cookie: ann.cookie }, {}, intent!.clientSecret)).status).toBe(409);
    const api = await createIntent(
      routeArgs(
        request("/api/v1/stripe/create-payment-intent", {
          cookie: ann.cookie,
          json: { bookingId: project.id, amount: 0.5, currency: "gbp" },
        }),
      ),
    );
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({ success: false, error: "This booking has already been paid." });
    expect((await paymentsOf(project.id)).filter((p) => p.status === "completed")).toHaveLength(1);
  });

  test("receipt numbers run on without gaps across bookings, in the order payments complete", async () => {
    const ann = await account("vendor");
    const projects = [
      await projectOf(ann, "1 First Street"),
      await projectOf(ann, "2 Second Street"),
      await projectOf(ann, "3 Third Street"),
    ];
    await submitCard(projects[1]!.id, { cookie: ann.cookie }, { cardNumber: "4000 0000 0000 0002" });
    for (const project of projects) await submitCard(project.id, { cookie: ann.cookie });
    const completed = await prisma.payment.findMany({
      where: { status: "completed" },
      orderBy: { completedAt: "asc" },
    });
    expect(completed.map((p) => p.receiptNumber)).toEqual([1, 2, 3]);
  });

  test("the price comes from PACKAGE_NET_PENCE; an open intent at an old price is cancelled, not paid", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const before = await pageFor(project.id, { cookie: ann.cookie });
    process.env.PACKAGE_NET_PENCE = "100000";
    reloadEnv();
    const after = await pageFor(project.id, { cookie: ann.cookie });
    expect(after.price.totalPence).toBe(120_000);
    expect(after.intent!.id).not.toBe(before.intent!.id);
    expect((await submitCard(project.id, { cookie: ann.cookie }, {}, before.intent!.clientSecret)).status).toBe(302);
    expect(await paymentsOf(project.id)).toMatchObject([
      { status: "cancelled", amountPence: 179_400 },
      { status: "completed", amountPence: 120_000 },
    ]);
  });

  test("no card number or security code is stored anywhere in the database: every column of every table is searched", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const cvc = "958";
    await submitCard(project.id, { cookie: ann.cookie }, { cardNumber: "4000 0000 0000 0002", cvc });
    await submitCard(project.id, { cookie: ann.cookie }, { cardNumber: "4000-0025-0000-3155", cvc });
    const { intent } = await pageFor(project.id, { cookie: ann.cookie });
    await settle(() =>
      pay(
        routeArgs(
          request(`/payment/${project.id}`, {
            cookie: ann.cookie,
            form: { intent: "fail-authentication", clientSecret: intent!.clientSecret },
          }),
          { projectId: String(project.id) },
        ),
      ),
    );
    await submitCard(project.id, { cookie: ann.cookie }, { cvc });
    expect((await paymentsOf(project.id)).map((p) => p.status)).toEqual(["failed", "failed", "completed"]);

    const tables = await prisma.$queryRaw<
      { tablename: string }[]
    >`SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public'`;
    expect(tables.length).toBeGreaterThan(10);
    const rows: string[] = [];
    for (const { tablename } of tables) {
      const found = await prisma.$queryRawUnsafe<{ row: unknown }[]>(
        `SELECT row_to_json(t) AS row FROM "${tablename}" t`,
      );
      rows.push(...found.map(({ row }) => JSON.stringify(row)));
    }
    const dump = rows.join("\n");
    // The search does look at the payments: their last four digits are there.
    for (const last4 of ['"cardLast4":"0002"', '"cardLast4":"3155"', '"cardLast4":"4242"'])
      expect(dump).toContain(last4);
    for (const pan of ["4242424242424242", "4000000000000002", "4000002500003155"]) {
      expect(dump).not.toMatch(new RegExp(pan.match(/.{4}/g)!.join("[ -]?")));
    }
    // The security code as a value of its own (digits inside ids, tokens or timestamps do not count).
    expect(dump).not.toMatch(new RegExp(`(?<![\\w.:+/-])${cvc}(?![\\w.:+/-])`));
    expect(dump).not.toMatch(/cvc|cardNumber|card_number|securityCode/i);
  });
});

describe("the contract comes first", () => {
  test("an unsigned booking opens no intent and cannot be paid by the form, the API or a saved form (409) until its contract is signed", async () => {
    const ann = await account("vendor");
    const admin = await account("admin");
    const project = await projectOf(ann, undefined, { signed: false });
    const page = (await pageFor(project.id, { cookie: ann.cookie })) as Page & {
      needsContract: boolean;
      isOwner: boolean;
    };
    expect(page).toMatchObject({
      needsContract: true,
      isOwner: true,
      intent: null,
      problem: "Please sign the contract for this property before you pay.",
    });
    expect(await pageFor(project.id, { token: paymentLinkToken(project) })).toMatchObject({
      needsContract: true,
      isOwner: false,
      intent: null,
    });
    expect(await pageFor(project.id, { cookie: admin.cookie })).toMatchObject({ needsContract: true, intent: null });

    const api = await createIntent(
      routeArgs(
        request("/api/v1/stripe/create-payment-intent", {
          cookie: ann.cookie,
          json: { bookingId: project.id, amount: 1794, currency: "gbp" },
        }),
      ),
    );
    expect(api.status).toBe(409);
    expect(await api.json()).toMatchObject({
      success: false,
      error: "Please sign the contract for this property before you pay.",
    });
    const viaLink = await createIntent(
      routeArgs(
        request("/api/v1/stripe/create-payment-intent", {
          json: { bookingId: project.id, token: paymentLinkToken(project) },
        }),
      ),
    );
    expect(viaLink.status).toBe(409);
    expect(await paymentsOf(project.id)).toEqual([]);

    // A card form opened while it was signed (here: made up) cannot be sent for an unsigned booking.
    const attempt = await submitCard(
      project.id,
      { cookie: ann.cookie },
      {},
      "sbx_pi_aaaaaaaaaaaaaaaaaaaaaaaa_secret_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
    );
    expect(attempt.status).toBe(409);
    expect(JSON.stringify(attempt.data)).toContain("Please sign the contract for this property before you pay.");
    expect(await paymentsOf(project.id)).toEqual([]);

    await prisma.project.update({ where: { id: project.id }, data: { contractSignedAt: new Date() } });
    const signed = (await pageFor(project.id, { cookie: ann.cookie })) as Page & { needsContract: boolean };
    expect(signed).toMatchObject({ needsContract: false, problem: null, intent: { status: "pending" } });
    expect((await submitCard(project.id, { cookie: ann.cookie })).status).toBe(302);
    expect((await paymentsOf(project.id)).map((p) => p.status)).toEqual(["completed"]);
  });
});

describe("POST /api/v1/stripe/create-payment-intent and confirm-payment", () => {
  test("answers { success, data: { name, email, clientSecret } } with the server's amount, whatever amount was sent", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const response = await createIntent(
      routeArgs(
        request("/api/v1/stripe/create-payment-intent", {
          cookie: ann.cookie,
          json: { amount: 0.5, bookingId: project.id, currency: "gbp" },
        }),
      ),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      data: {
        name: "Ann Seller",
        email: ann.email,
        clientSecret: expect.stringMatching(/^sbx_pi_/),
        amount: 1794,
        amountPence: 179_400,
        currency: "gbp",
        provider: "sandbox",
      },
    });
    expect(await paymentsOf(project.id)).toMatchObject([{ amountPence: 179_400 }]);

    // The sandbox's confirm step is its card form, which understands the client secret.
    const paid = await submitCard(
      project.id,
      { token: paymentLinkToken(project) },
      { amount: "1" },
      body.data.clientSecret,
    );
    expect(paid.status).toBe(302);
    expect(await paymentsOf(project.id)).toMatchObject([{ status: "completed", amountPence: 179_400 }]);

    const confirmed = await confirmPayment(
      routeArgs(
        request("/api/v1/stripe/confirm-payment", {
          cookie: ann.cookie,
          json: { paymentIntentId: body.data.paymentIntentId, stripeChargeId: "ch_x" },
        }),
      ),
    );
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      success: true,
      data: { status: "completed", bookingId: project.id, amountPence: 179_400, receiptNumber: "MW-000001" },
    });
  });

  test("a guest needs the link's token; bad input and other currencies are refused in the wrapper's shape", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const post = (json: unknown, cookie?: string) =>
      createIntent(routeArgs(request("/api/v1/stripe/create-payment-intent", { cookie, json })));
    expect((await post({ bookingId: project.id })).status).toBe(404);
    expect(await (await post({ bookingId: project.id })).json()).toEqual({
      success: false,
      error: "Booking not found.",
      message: "Booking not found.",
    });
    expect((await post({ bookingId: project.id, token: paymentLinkToken(project) })).status).toBe(200);
    expect((await post({ bookingId: String(project.id), token: paymentLinkToken(project) })).status).toBe(200);
    const usd = await post({ bookingId: project.id, currency: "usd" }, ann.cookie);
    expect(usd.status).toBe(400);
    expect(await usd.json()).toMatchObject({
      success: false,
      error: "Payments are taken in pounds sterling: currency must be gbp.",
    });
    expect((await post({}, ann.cookie)).status).toBe(400);
    expect((await post({ bookingId: project.id, amount: "lots" }, ann.cookie)).status).toBe(400);
  });

  test("confirm-payment: an unknown intent is 404, an unpaid one 409, a declined one 402 with the reason", async () => {
    const ann = await account("vendor");
    const project = await projectOf(ann);
    const confirm = (paymentIntentId: string) =>
      confirmPayment(
        routeArgs(request("/api/v1/stripe/confirm-payment", { cookie: ann.cookie, json: { paymentIntentId } })),
      );
    expect((await confirm("pi_nope")).status).toBe(404);
    const { intent } = await pageFor(project.id, { cookie: ann.cookie });
    expect(await (await confirm(intent!.id)).json()).toMatchObject({
      success: false,
      error: "This payment has not been confirmed yet.",
    });
    await submitCard(project.id, { cookie: ann.cookie }, { cardNumber: "4000 0000 0000 0002" }, intent!.clientSecret);
    const declined = await confirm(intent!.id);
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ success: false, error: "Your card was declined." });
  });
});

describe("who sees a payment by its intent id", () => {
  test("confirm-payment and /payment/success show the receipt and card only to the owner, an admin or the link's holder", async () => {
    const ann = await account("vendor");
    const bob = await account("vendor", "Bob Other");
    const admin = await account("admin");
    const project = await projectOf(ann);
    await submitCard(project.id, { cookie: ann.cookie });
    const [payment] = await paymentsOf(project.id);
    const intentId = payment!.providerPaymentId;

    const confirm = (json: Record<string, unknown>, cookie?: string) =>
      confirmPayment(
        routeArgs(request("/api/v1/stripe/confirm-payment", { cookie, json: { paymentIntentId: intentId, ...json } })),
      );
    for (const [cookie, json] of [
      [ann.cookie, {}],
      [admin.cookie, {}],
      [undefined, { token: paymentLinkToken(project) }],
    ] as const) {
      const allowed = await confirm(json, cookie);
      expect(allowed.status).toBe(200);
      expect(await allowed.json()).toMatchObject({ data: { receiptNumber: "MW-000001", cardLast4: "4242" } });
    }
    for (const [cookie, json] of [
      [undefined, {}],
      [bob.cookie, {}],
      [undefined, { token: "guessed" }],
      [undefined, { token: paymentLinkToken({ ...project, id: project.id + 1 }) }],
    ] as const) {
      const refused = await confirm(json, cookie);
      expect(refused.status).toBe(404);
      expect(JSON.stringify(await refused.json())).not.toMatch(/4242|MW-000001/);
    }

    const success = (query: string, cookie?: string) =>
      settle(() => successPage(routeArgs(request(`/payment/success?payment_intent=${intentId}${query}`, { cookie }))));
    const receipt = { number: "MW-000001", amount: "£1,794.00", card: "Visa ending 4242" };
    expect((await success("", ann.cookie)).data).toMatchObject({ receipt });
    expect((await success("", admin.cookie)).data).toMatchObject({ receipt });
    expect((await success(`&token=${paymentLinkToken(project)}`)).data).toMatchObject({ receipt });
    expect((await success("")).data).toEqual({ receipt: null, processing: false });
    expect((await success("", bob.cookie)).data).toEqual({ receipt: null, processing: false });
  });
});

describe("payment links", () => {
  test("expire after 30 days, and an admin's revocation stops every link sent so far while a new one works", async () => {
    const ann = await account("vendor");
    const admin = await account("admin");
    const project = await projectOf(ann);
    const sent = paymentLinkToken(project);
    expect((await openPage(project.id, { token: sent })).status).toBe(200);
    const expired = paymentLinkToken(project, new Date(Date.now() - 32 * 24 * 60 * 60 * 1000));
    expect((await openPage(project.id, { token: expired })).status).toBe(404);

    const revoked = await settle(() =>
      adminProjectPage(
        routeArgs(
          request(`/admin-property-details/${project.id}`, {
            cookie: admin.cookie,
            form: { intent: "revoke-payment-link" },
          }),
          { projectId: String(project.id) },
        ),
      ),
    );
    expect(revoked.status).toBe(302);
    expect((await openPage(project.id, { token: sent })).status).toBe(404);
    const renewed = await prisma.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(renewed.paymentLinkVersion).toBe(project.paymentLinkVersion + 1);
    expect((await openPage(project.id, { token: paymentLinkToken(renewed) })).status).toBe(200);
    expect(await prisma.auditEvent.findFirst({ where: { action: "project.revoke_payment_link" } })).toMatchObject({
      actorId: admin.id,
      entityId: String(project.id),
    });

    // The API does the same, and answers with the new link.
    const api = await revokeLinksApi(
      routeArgs(
        request(`/api/v1/admin/projects/${project.id}/payment-link`, { cookie: admin.cookie, method: "DELETE" }),
        { id: String(project.id) },
      ),
    );
    expect(api.status).toBe(200);
    const body = (await api.json()) as { payment_link: string; expires_at: string };
    expect((await openPage(project.id, { token: paymentLinkToken(renewed) })).status).toBe(404);
    expect((await openPage(project.id, { token: new URL(body.payment_link).searchParams.get("token")! })).status).toBe(
      200,
    );
    expect(new Date(body.expires_at).getTime() - Date.now()).toBeGreaterThan(30 * 24 * 60 * 60 * 1000);
    const byVendor = await revokeLinksApi(
      routeArgs(
        request(`/api/v1/admin/projects/${project.id}/payment-link`, { cookie: ann.cookie, method: "DELETE" }),
        { id: String(project.id) },
      ),
    );
    expect(byVendor.status).toBe(403);
  });
});

describe("payment history", () => {
  test("a vendor sees their own payments, an admin everyone's; per booking with 'paid'", async () => {
    const ann = await account("vendor");
    const bob = await account("vendor", "Bob Other");
    const admin = await account("admin");
    const annsProject = await projectOf(ann);
    const bobsProject = await projectOf(bob, "9 Other Street");
    await submitCard(annsProject.id, { cookie: ann.cookie });
    await submitCard(bobsProject.id, { cookie: bob.cookie }, { cardNumber: "4000 0000 0000 0002" });

    const list = async (cookie?: string) => history(routeArgs(request("/api/v1/stripe/payment-history", { cookie })));
    expect((await list()).status).toBe(401);
    const annsList = await (await list(ann.cookie)).json();
    expect(annsList).toMatchObject({
      success: true,
      data: [
        { bookingId: annsProject.id, status: "completed", amount: 1794, cardLast4: "4242", receiptNumber: "MW-000001" },
      ],
    });
    expect(
      (await (await list(admin.cookie)).json()).data.map((p: { bookingId: number; status: string }) => [
        p.bookingId,
        p.status,
      ]),
    ).toEqual([
      [bobsProject.id, "failed"],
      [annsProject.id, "completed"],
    ]);

    const forBooking = async (id: number, cookie?: string, token?: string) =>
      bookingHistory(
        routeArgs(request(`/api/v1/stripe/payment-history/${id}${token ? `?token=${token}` : ""}`, { cookie }), {
          bookingId: String(id),
        }),
      );
    expect(await (await forBooking(annsProject.id, ann.cookie)).json()).toMatchObject({
      success: true,
      paid: true,
      data: [{ status: "completed" }],
    });
    expect(await (await forBooking(bobsProject.id, bob.cookie)).json()).toMatchObject({ success: true, paid: false });
    expect((await forBooking(bobsProject.id, ann.cookie)).status).toBe(404);
    expect((await forBooking(bobsProject.id)).status).toBe(401);
    expect((await forBooking(bobsProject.id, undefined, paymentLinkToken(bobsProject))).status).toBe(200);
    expect((await forBooking(bobsProject.id, admin.cookie)).status).toBe(200);
  });
});

describe("the admin payments page", () => {
  test("lists payments and unpaid pending projects; a refund marks the payment refunded and tells the payer", async () => {
    const ann = await account("vendor");
    const admin = await account("admin");
    const paidProject = await projectOf(ann, "1 Paid Road");
    const unpaid = await projectOf(ann, "2 Unpaid Road");
    await submitCard(paidProject.id, { cookie: ann.cookie });
    const [payment] = await paymentsOf(paidProject.id);

    const overview = (
      await settle(() => adminPayments(routeArgs(request("/admin/payments", { cookie: admin.cookie }))))
    ).data as {
      payments: { id: number; status: string }[];
      totals: { receivedPence: number };
      awaiting: { id: number; paymentLink: string }[];
    };
    expect(overview.payments).toMatchObject([{ id: payment!.id, status: "completed" }]);
    expect(overview.totals.receivedPence).toBe(179_400);
    expect(overview.awaiting).toMatchObject([
      {
        id: unpaid.id,
        paymentLink: expect.stringContaining(`/payment/${unpaid.id}?token=${paymentLinkToken(unpaid)}`),
      },
    ]);

    await sendQueuedMail();
    inbox.length = 0;
    const refund = (cookie: string) =>
      settle(() =>
        adminAction(routeArgs(request("/admin/payments", { cookie, form: { paymentId: String(payment!.id) } }))),
      );
    expect((await refund(ann.cookie)).status).toBe(403);
    const refunded = await refund(admin.cookie);
    expect(refunded).toMatchObject({ status: 302, location: "/admin/payments" });
    expect((await paymentsOf(paidProject.id))[0]).toMatchObject({
      status: "refunded",
      refundId: expect.stringMatching(/^sbx_re_/),
      refundedAt: expect.any(Date),
    });
    expect(await prisma.auditEvent.findFirstOrThrow({ where: { action: "payment.refunded" } })).toMatchObject({
      actorId: admin.id,
      detail: expect.objectContaining({ before: "completed", after: "refunded" }),
    });
    await sendQueuedMail();
    expect(inbox.map((m) => m.to)).toEqual([[ann.email]]);
    expect(textOf(inbox[0]!)).toContain("We have refunded £1,794.00 to your Visa ending 4242 (receipt MW-000001).");
    expect(await prisma.auditEvent.findFirst({ where: { action: "payment.refunded" } })).toMatchObject({
      actorId: admin.id,
      entityId: String(payment!.id),
    });

    // Refunded: the booking can be paid again.
    expect((await pageFor(paidProject.id, { cookie: ann.cookie })).paid).toBeNull();
    expect((await refund(admin.cookie)).status).toBe(302);
    expect(await prisma.payment.count({ where: { status: "refunded" } })).toBe(1);
  });
});

test("the Stripe webhook endpoint is a 404 while Stripe is not configured", async () => {
  const response = await webhook(routeArgs(request("/api/v1/stripe/webhook", { json: {} })));
  expect(response.status).toBe(404);
});
