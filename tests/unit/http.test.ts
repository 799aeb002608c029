import { describe, expect, test } from "vitest";
import { z } from "zod";

import { readJson, safeRedirectPath } from "../../app/lib/http.server";

const Schema = z.object({
  name: z.string({ error: "Enter a name." }).min(1, { error: "Enter a name." }),
  age: z.number({ error: "Age must be a number." }).optional(),
});

const post = (body: BodyInit, type = "application/json", headers: Record<string, string> = {}) =>
  new Request("http://localhost/api", { method: "POST", body, headers: { "Content-Type": type, ...headers } });

async function failure(promise: Promise<unknown>) {
  const response = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e as Response,
  );
  return {
    status: response.status,
    body: (await response.json()) as { message: string; errors?: Record<string, string[]> },
  };
}

describe("readJson", () => {
  test("parses a valid body", async () => {
    await expect(readJson(post('{"name":"Ann","age":40}'), Schema)).resolves.toEqual({ name: "Ann", age: 40 });
  });

  test("answers malformed JSON, wrong types, missing fields, wrong content type and oversized bodies with a message", async () => {
    expect(await failure(readJson(post("{nope"), Schema))).toEqual({
      status: 400,
      body: { message: "The request body is not valid JSON." },
    });
    expect(await failure(readJson(post('{"name":"Ann","age":"old"}'), Schema))).toEqual({
      status: 400,
      body: { message: "Age must be a number.", errors: { age: ["Age must be a number."] } },
    });
    expect((await failure(readJson(post("{}"), Schema))).body.errors).toEqual({ name: ["Enter a name."] });
    expect(await failure(readJson(post("[]"), Schema))).toEqual({
      status: 400,
      body: { message: "The request body must be a JSON object." },
    });
    expect((await failure(readJson(post('{"name":"Ann"}', "text/plain"), Schema))).status).toBe(415);
    expect(
      (await failure(readJson(post(JSON.stringify({ name: "x".repeat(2000) })), Schema, { maxBytes: 1000 }))).status,
    ).toBe(413);
    expect(
      (await failure(readJson(post("{}", "application/json", { "Content-Length": "999999999" }), Schema))).status,
    ).toBe(413);
  });
});

describe("safeRedirectPath", () => {
  test("keeps same-site paths and refuses anything else", () => {
    expect(safeRedirectPath("/vendor-propertylisting?x=1", "/")).toBe("/vendor-propertylisting?x=1");
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(bad, "/fallback")).toBe("/fallback");
    }
  });
});
