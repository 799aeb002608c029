import { describe, expect, test } from "vitest";

import { corsDecision } from "../../app/lib/cors.server";
import { parseEnv } from "../../app/lib/env.server";

const allowed = ["https://partner.example.com"];

describe("corsDecision", () => {
  test("same-origin by default: no CORS headers, preflights refused", () => {
    expect(corsDecision({ method: "GET", origin: "https://partner.example.com" }, [])).toEqual({ kind: "none" });
    const preflight = corsDecision(
      { method: "OPTIONS", origin: "https://partner.example.com", preflightMethod: "POST" },
      [],
    );
    expect(preflight).toMatchObject({ kind: "preflight", status: 403 });
    expect(preflight.kind === "preflight" && preflight.headers["Access-Control-Allow-Origin"]).toBeFalsy();
  });

  test("an allowed origin gets its own origin back, without credentials", () => {
    const decision = corsDecision({ method: "GET", origin: "https://partner.example.com" }, allowed);
    expect(decision).toMatchObject({
      kind: "allow",
      headers: { "Access-Control-Allow-Origin": "https://partner.example.com", Vary: "Origin" },
    });
    expect(decision.kind === "allow" && "Access-Control-Allow-Credentials" in decision.headers).toBe(false);
  });

  test("a preflight from an allowed origin is answered with the methods and headers", () => {
    expect(
      corsDecision({ method: "OPTIONS", origin: "https://partner.example.com", preflightMethod: "PUT" }, allowed),
    ).toMatchObject({
      kind: "preflight",
      status: 204,
      headers: {
        "Access-Control-Allow-Methods": "GET, POST, PUT, DELETE",
        "Access-Control-Allow-Headers": "Authorization, Content-Type",
      },
    });
  });

  test("other origins, and plain OPTIONS without a preflight header, get nothing extra", () => {
    expect(corsDecision({ method: "GET", origin: "https://evil.example" }, allowed)).toEqual({ kind: "none" });
    expect(corsDecision({ method: "OPTIONS", origin: "https://partner.example.com" }, allowed).kind).toBe("allow");
  });

  test("CORS_ORIGINS is a comma-separated list of origins; paths and bare hosts are refused", () => {
    expect(parseEnv({ CORS_ORIGINS: "https://a.example, http://localhost:5173" }).CORS_ORIGINS).toEqual([
      "https://a.example",
      "http://localhost:5173",
    ]);
    expect(parseEnv({}).CORS_ORIGINS).toEqual([]);
    expect(() => parseEnv({ CORS_ORIGINS: "partner.example" })).toThrow(/CORS_ORIGINS/);
    expect(() => parseEnv({ CORS_ORIGINS: "https://partner.example/app" })).toThrow(/CORS_ORIGINS/);
  });
});
