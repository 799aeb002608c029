import { describe, expect, test } from "vitest";

import { cacheControlFor, matchesEtag, nonceOf, weakEtag } from "../../server/http-cache";

describe("HTTP caching", () => {
  test("weak ETags follow the body", () => {
    const a = weakEtag(Buffer.from("<h1>One</h1>"));
    expect(a).toMatch(/^W\/"[\w-]{27}"$/);
    expect(weakEtag(Buffer.from("<h1>One</h1>"))).toBe(a);
    expect(weakEtag(Buffer.from("<h1>Two</h1>"))).not.toBe(a);
  });

  test("a page's ETag leaves out its per-request script nonce, and nothing else", () => {
    const page = (nonce: string, text = "One") => Buffer.from(`<h1>${text}</h1><script nonce="${nonce}">go()</script>`);
    expect(weakEtag(page("AAAA"), "AAAA")).toBe(weakEtag(page("BBBB"), "BBBB"));
    expect(weakEtag(page("AAAA", "Two"), "AAAA")).not.toBe(weakEtag(page("BBBB"), "BBBB"));
    expect(nonceOf("default-src 'self'; script-src 'self' 'nonce-AbC+/9=='; object-src 'none'")).toBe("AbC+/9==");
    expect(nonceOf("default-src 'self'")).toBeUndefined();
  });

  test("leaving the nonce out is the same as hashing the page without it, wherever it stands", () => {
    const without = weakEtag(Buffer.from("£ Guide price <script>go()</script>"));
    const withNonce = (at: string) => Buffer.from(at.replaceAll("N", "n0Nc3=="));
    expect(weakEtag(withNonce("N£ Guide price <script>go()</script>N"), "n0Nc3==")).toBe(without);
    expect(weakEtag(withNonce("£ Guide price <script>NNgo()</script>"), "n0Nc3==")).toBe(without);
    expect(weakEtag(withNonce("£ Guide price <script>go()</script>"), "n0Nc3==")).toBe(without);
  });

  test("If-None-Match compares weakly and accepts lists and *", () => {
    const etag = 'W/"abc"';
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('W/"x", W/"abc"', etag)).toBe(true);
    expect(matchesEtag("*", etag)).toBe(true);
    expect(matchesEtag('W/"abd"', etag)).toBe(false);
    expect(matchesEtag(undefined, etag)).toBe(false);
  });

  test("only anonymous views of public pages may be kept by shared caches", () => {
    expect(cacheControlFor("/view-properties/12", undefined, false)).toBe("public, no-cache");
    expect(cacheControlFor("/", "theme=dark", false)).toBe("public, no-cache");
    expect(cacheControlFor("/api/v1/bookings", undefined, false)).toBe("public, no-cache");
    expect(cacheControlFor("/view-properties/12", "__session=abc", false)).toBe("private, no-cache");
    expect(cacheControlFor("/view-properties", "a=1; toast=xyz", false)).toBe("private, no-cache");
    expect(cacheControlFor("/view-properties", undefined, true)).toBe("private, no-cache");
    expect(cacheControlFor("/vendor-propertylisting", undefined, false)).toBe("private, no-cache");
    expect(cacheControlFor("/admin/payments", undefined, false)).toBe("private, no-cache");
    expect(cacheControlFor("/view-properties/12/request-viewing", undefined, false)).toBe("private, no-cache");
  });
});
