// Regressions found by the fuzzer: a NUL or a lone surrogate in any text ended in a 500
// (PostgreSQL refuses 0x00; Prisma's engine refuses unpaired surrogates).
import { afterEach, expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { resetLimiters } from "../../app/lib/rate-limits.server";
import { action as contactApi } from "../../app/routes/api.v1.contact-us";
import { action as confirmPayment } from "../../app/routes/api.v1.stripe.confirm-payment";
import { setupTestDatabase } from "../support/database";
import { jsonPost } from "../support/requests";

setupTestDatabase();
afterEach(resetLimiters);

const context = { clientIp: "203.0.113.77" };
const post = (action: (args: never) => Promise<Response>, path: string, body: unknown) =>
  action({ request: new Request(`http://localhost${path}`, jsonPost(body)), params: {}, context } as never);
const message = { first_name: "Bob", last_name: "Buyer", email: "bob@example.com", message: "Still for sale?" };

test("a NUL is dropped from stored text, and a name that is only a NUL counts as empty", async () => {
  const saved = await post(contactApi, "/api/v1/contact-us", {
    ...message,
    first_name: "Bo\u0000b",
    message: "Hi\u0000 there",
  });
  expect(saved.status).toBe(201);
  expect(await prisma.contactMessage.findFirstOrThrow()).toMatchObject({ firstName: "Bob", message: "Hi there" });

  const empty = await post(contactApi, "/api/v1/contact-us", { ...message, first_name: "\u0000" });
  expect(empty.status).toBe(400);
  expect(await empty.json()).toMatchObject({ errors: { first_name: ["Enter your first name."] } });
});

test("a lone surrogate is stored as U+FFFD", async () => {
  expect((await post(contactApi, "/api/v1/contact-us", { ...message, last_name: "Buyer\ud800" })).status).toBe(201);
  expect((await prisma.contactMessage.findFirstOrThrow()).lastName).toBe("Buyer\ufffd");
});

test("a lookup by a text with a lone surrogate or a NUL finds nothing instead of failing", async () => {
  for (const paymentIntentId of ["sbx_pi_abc\ud800", "sbx_pi_\u0000abc"]) {
    const response = await post(confirmPayment, "/api/v1/stripe/confirm-payment", { paymentIntentId });
    expect(response.status).toBe(404);
  }
});
