import { describe, expect, it } from "vitest";

import { cspViolations } from "../../app/lib/csp-report";
import {
  commonSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  tileOrigin,
} from "../../app/lib/security-headers.server";
import { EMBED_ORIGINS } from "../../app/modules/listings/virtual-tour";
import { PROMO_VIDEO_ORIGIN } from "../../app/modules/marketing/promo-video";

const frameOrigins = [...EMBED_ORIGINS, PROMO_VIDEO_ORIGIN];

const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));
const policyFor = (pathname: string, mapTileUrl = "https://tile.openstreetmap.org/{z}/{x}/{y}.png") =>
  directives(contentSecurityPolicy({ nonce: "abc123", pathname, mapTileUrl, frameOrigins }));

describe("content security policy", () => {
  it("allows scripts only from this site and with the request's nonce", () => {
    const policy = policyFor("/");
    expect(policy["script-src"]).toEqual(["'nonce-abc123'", "'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["report-uri"]).toEqual(["/csp-report"]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("allows a page without a nonce (a page without React) scripts from this site only", () => {
    const policy = directives(
      contentSecurityPolicy({ pathname: "/view-properties", mapTileUrl: "", frameOrigins: [] }),
    );
    expect(policy["script-src"]).toEqual(["'self'"]);
  });

  it("allows Stripe on payment pages only", () => {
    const home = policyFor("/view-properties");
    const payment = policyFor("/payment/12");
    for (const name of ["script-src", "connect-src", "frame-src", "img-src"]) {
      expect(home[name].join(" ")).not.toContain("stripe");
      expect(payment[name].join(" ")).toContain("stripe");
    }
    expect(payment["script-src"]).toContain("https://js.stripe.com");
    expect(payment["frame-src"]).toContain("https://hooks.stripe.com");
    expect(payment["connect-src"]).toContain("https://api.stripe.com");
    expect(payment["form-action"]).toContain("https://checkout.stripe.com");
    expect(payment["frame-src"]).not.toContain("https://my.matterport.com");
    expect(policyFor("/payment/success")["script-src"]).toContain("https://js.stripe.com");
    expect(policyFor("/payments")["script-src"]).not.toContain("https://js.stripe.com");
  });

  it("frames only the allow-listed tour hosts and YouTube's privacy-enhanced player elsewhere", () => {
    expect(policyFor("/view-properties/1")["frame-src"]).toEqual([
      "https://my.matterport.com",
      "https://kuula.co",
      "https://www.kuula.co",
      "https://www.youtube-nocookie.com",
      "https://player.vimeo.com",
    ]);
  });

  it("allows images from this site, data: and the map tile host", () => {
    expect(policyFor("/")["img-src"]).toEqual(["'self'", "data:", "blob:", "https://tile.openstreetmap.org"]);
    expect(policyFor("/", "none")["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(tileOrigin("https://{s}.tile.example.com/{z}/{x}/{y}.png?key=1")).toBe("https://*.tile.example.com");
  });

  it("lets forms redirect to this site, the mortgage broker and, on payment pages, Stripe Checkout", () => {
    const options = {
      nonce: "n",
      mapTileUrl: "none",
      frameOrigins,
      formRedirectUrls: ["https://www.moneyhelper.org.uk/en/homes/buying-a-home/mortgage-brokers"],
    };
    expect(directives(contentSecurityPolicy({ ...options, pathname: "/valuation" }))["form-action"]).toEqual([
      "'self'",
      "https://www.moneyhelper.org.uk",
    ]);
    expect(policyFor("/valuation")["form-action"]).toEqual(["'self'"]);
  });

  it("gives every request a different nonce", () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(createNonce()).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("common security headers", () => {
  it("sends HSTS only when the site is served over https", () => {
    expect(commonSecurityHeaders("https://homes.example.co.uk")["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(commonSecurityHeaders("http://localhost:3000")).not.toHaveProperty("Strict-Transport-Security");
  });

  it("turns off sniffing, cross-site referrers and unused browser features", () => {
    const headers = commonSecurityHeaders("http://localhost:3000");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["Permissions-Policy"]).toContain("camera=()");
    expect(headers["Permissions-Policy"]).toContain("microphone=()");
    expect(headers["Permissions-Policy"]).toContain("geolocation=()");
  });
});

describe("CSP reports", () => {
  it("reads report-uri and Reporting API reports, without query strings", () => {
    expect(
      cspViolations({
        "csp-report": {
          "document-uri": "http://x/payment/1?token=secret",
          "violated-directive": "script-src-elem",
          "blocked-uri": "https://evil.example/a.js?x=1",
        },
      }),
    ).toEqual([{ directive: "script-src-elem", blocked: "https://evil.example/a.js", page: "http://x/payment/1" }]);
    expect(
      cspViolations([
        {
          type: "csp-violation",
          body: { effectiveDirective: "img-src", blockedURL: "https://t.example/1.png", documentURL: "http://x/" },
        },
        { type: "other" },
      ]),
    ).toEqual([{ directive: "img-src", blocked: "https://t.example/1.png", page: "http://x/" }]);
    expect(cspViolations("junk")).toEqual([]);
    expect(cspViolations({ "csp-report": "junk" })).toEqual([]);
  });
});
