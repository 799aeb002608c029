// Regression found by the fuzzer: a page action sent something that is not a form (JSON, text, a broken
// multipart body) threw from request.formData() and answered 500; it is now a 400.
import { expect, test } from "vitest";

import { prisma } from "../../app/lib/db.server";
import { action as contactPage } from "../../app/routes/contact-us";
import { action as signupPage } from "../../app/routes/signup";
import { setupTestDatabase } from "../support/database";
import { settle } from "../support/payments";

setupTestDatabase();

const send = (action: (args: never) => unknown, path: string, body: string, contentType: string) =>
  settle(() =>
    action({
      request: new Request(`http://localhost${path}`, {
        method: "POST",
        body,
        headers: { "Content-Type": contentType },
      }),
      params: {},
      context: { clientIp: "203.0.113.5" },
    } as never),
  );

test.each([
  ["application/json", '{"first_name":"Bob"}'],
  ["text/plain", "first_name=Bob"],
  ["multipart/form-data; boundary=x", "not really multipart"],
])("a %s body is refused with 400, not a 500", async (contentType, body) => {
  expect((await send(contactPage, "/contact-us", body, contentType)).status).toBe(400);
  expect((await send(signupPage, "/signup", body, contentType)).status).toBe(400);
  expect(await prisma.contactMessage.count()).toBe(0);
});
