// The public site's JSON endpoints over HTTP, against the real server (body limits included).
import { expect, test } from "@playwright/test";

const ann = {
  firstName: "Ann",
  lastName: "Api",
  email: "ann.api@example.com",
  contactNumber: "07700 900123",
  postcode: "le15ww",
  marketingConsent: false,
};

test("POST /api/v1/valuation/request answers 201 { success, id }, or 400/413/415 with a message", async ({
  request,
}) => {
  const created = await request.post("/api/v1/valuation/request", { data: ann });
  expect(created.status()).toBe(201);
  expect(await created.json()).toEqual({ success: true, id: expect.any(Number) });

  const empty = await request.post("/api/v1/valuation/request", { data: {} });
  expect(empty.status()).toBe(400);
  expect(await empty.json()).toMatchObject({
    message: expect.any(String),
    errors: { postcode: ["Enter your property's postcode."] },
  });
  const malformed = await request.post("/api/v1/valuation/request", {
    data: Buffer.from("{"),
    headers: { "Content-Type": "application/json" },
  });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ message: "The request body is not valid JSON." });
  // A body over 1 MiB: tests/integration/http-hardening.test.ts (the 413 read from the head and first bytes).
  const form = await request.post("/api/v1/valuation/request", { form: { postcode: "LE1 5WW" } });
  expect(form.status()).toBe(415);
});

test("POST /api/v1/contact-us answers 201, or 400 with field errors", async ({ request }) => {
  const sent = await request.post("/api/v1/contact-us", {
    data: { first_name: "Ann", last_name: "Api", email: "ann.api@example.com", phone_number: "", message: "Hello" },
  });
  expect(sent.status()).toBe(201);
  expect(await sent.json()).toMatchObject({ success: true, message: "Message sent successfully!" });
  const bad = await request.post("/api/v1/contact-us", {
    data: { first_name: " ", last_name: "Api", email: "nope", message: "" },
  });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toEqual({
    first_name: ["Enter your first name."],
    email: ["Enter a valid email address, like name@example.co.uk."],
    message: ["Enter your message."],
  });
});

test("a public page is the same bytes for everyone and revalidates: the same content answers 304", async ({
  request,
}) => {
  // The contact page is sent without React: its one script (the form enhancer) comes from this site, so the page
  // needs no nonce and the response cache can keep it compressed.
  const first = await request.get("/contact-us");
  const body = await first.text();
  expect(body).toMatch(/<script type="module" src="\/assets\//);
  expect(body).not.toMatch(/nonce=/);
  expect(first.headers()["content-security-policy"]).toMatch(/script-src 'self';/);
  const etag = first.headers()["etag"] ?? "";
  expect(etag).toMatch(/^W\//);
  expect(first.headers()["cache-control"]).toBe("public, no-cache");
  const second = await request.get("/contact-us", { headers: { cookie: "cookie_consent=essential" } });
  expect(await second.text()).toBe(body);
  expect(second.headers()["etag"]).toBe(etag);

  const revalidated = await request.get("/contact-us", { headers: { "If-None-Match": etag } });
  expect(revalidated.status()).toBe(304);
  expect(await revalidated.body()).toHaveLength(0);
});

test("a page React hydrates gets a nonce of its own for its inline scripts on every answer", async ({ request }) => {
  const nonces = [];
  for (let i = 0; i < 2; i++) {
    const response = await request.get("/api/docs");
    const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'self'/.exec(
      response.headers()["content-security-policy"]!,
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`<script nonce="${nonce}">`);
    nonces.push(nonce);
  }
  expect(nonces[1]).not.toBe(nonces[0]);
});

test("every page is a whole standards-mode document, rendered at once without React or streamed with it", async ({
  request,
}) => {
  // /view-properties is sent without React (one string), /api/docs with it (a stream); a cookie keeps the
  // response cache out of the way, and a page that does not exist renders the root's error page.
  for (const [path, status] of [
    ["/view-properties", 200],
    ["/api/docs", 200],
    ["/no-such-page", 404],
  ] as const) {
    const res = await request.get(path, { headers: { cookie: "cookie_consent=essential" } });
    expect(res.status(), path).toBe(status);
    expect(res.headers()["content-type"], path).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="en-GB"'), path).toBe(true);
    expect(html.trimEnd().endsWith("</html>"), path).toBe(true);
    expect(html.match(/<!DOCTYPE/gi), path).toHaveLength(1);
    // The loader data goes into the page for React's router only when the page has React (decision 0019):
    // a page without React ends with its own markup.
    const hydrationData = html.includes("__reactRouterContext.streamController.enqueue(");
    expect(hydrationData, path).toBe(path === "/api/docs");
    if (!hydrationData) expect(html.trimEnd().endsWith("</footer></body></html>"), path).toBe(true);
  }
});

test("the list's save buttons come back to the list by its own parameters, not an address's others", async ({
  request,
}) => {
  // Each card's save form, and the search form, repeated whatever else the address held: 4 KB more for each.
  const page = await request.get(`/view-properties?sort=price-asc&page=1&junk=${"x".repeat(4_000)}`);
  expect(page.status()).toBe(200);
  const html = await page.text();
  const returns = [...html.matchAll(/name="returnTo" value="([^"]*)"/g)].map((match) => match[1]);
  expect(returns.length).toBeGreaterThan(0);
  expect(new Set(returns)).toEqual(new Set(["/view-properties?sort=price-asc"]));
  expect(html).not.toContain("xxxxxxxx");
});
