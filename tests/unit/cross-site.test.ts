import { describe, expect, test } from "vitest";

import { isCrossSiteWrite } from "../../app/lib/cross-site.server";

const own = ["https://homes.example.co.uk", "http://127.0.0.1:3000"];
const cookie = "theme=dark; __session=abc.def";

describe("isCrossSiteWrite", () => {
  test("refuses a signed-in write that another site sent", () => {
    expect(isCrossSiteWrite({ method: "POST", cookie, secFetchSite: "cross-site", ownOrigins: own })).toBe(true);
    expect(isCrossSiteWrite({ method: "DELETE", cookie, secFetchSite: "same-site", ownOrigins: own })).toBe(true);
    expect(isCrossSiteWrite({ method: "PUT", cookie, origin: "https://evil.example", ownOrigins: own })).toBe(true);
    expect(isCrossSiteWrite({ method: "PATCH", cookie, origin: "null", ownOrigins: own })).toBe(true);
  });

  test("lets through same-origin writes, reads, cookie-less calls and non-browser clients", () => {
    expect(
      isCrossSiteWrite({
        method: "POST",
        cookie,
        secFetchSite: "same-origin",
        origin: "https://homes.example.co.uk",
        ownOrigins: own,
      }),
    ).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", cookie, origin: "http://127.0.0.1:3000", ownOrigins: own })).toBe(false);
    expect(isCrossSiteWrite({ method: "GET", cookie, secFetchSite: "cross-site", ownOrigins: own })).toBe(false);
    expect(
      isCrossSiteWrite({ method: "POST", cookie: "theme=dark", secFetchSite: "cross-site", ownOrigins: own }),
    ).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", cookie, ownOrigins: own })).toBe(false);
  });

  test("Sec-Fetch-Site wins over Origin when both are sent", () => {
    expect(
      isCrossSiteWrite({
        method: "POST",
        cookie,
        secFetchSite: "cross-site",
        origin: "https://homes.example.co.uk",
        ownOrigins: own,
      }),
    ).toBe(true);
  });

  test("an API call with a bearer token is not refused: the token, not the cookie, authenticates it", () => {
    expect(
      isCrossSiteWrite({
        method: "POST",
        cookie,
        secFetchSite: "cross-site",
        authorization: "Bearer mw_abc",
        ownOrigins: own,
      }),
    ).toBe(false);
    expect(
      isCrossSiteWrite({
        method: "POST",
        cookie,
        secFetchSite: "cross-site",
        authorization: "Basic abc",
        ownOrigins: own,
      }),
    ).toBe(true);
  });
});
