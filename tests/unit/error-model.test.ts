import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { z } from "zod";

import { apiErrorResponse, errorPage, formFailure } from "../../app/lib/error-replies.server";
import { filledHoneypot, refuseFilledHoneypot } from "../../app/lib/honeypot";
import { parseId } from "../../app/lib/ids";
import { fieldError, ServiceError } from "../../app/lib/service-error";

const Schema = z.object({ email: z.string(), password: z.string() });

function submissionOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: Schema });
}

/** What a data() answer holds. */
type Answer = {
  data: { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } } & Record<
    string,
    unknown
  >;
  init: { status: number; headers: Record<string, string> };
};

describe("ServiceError", () => {
  test("carries a status, a message, field errors and Retry-After", () => {
    const plain = new ServiceError(409, "Already paid.");
    expect(plain).toBeInstanceOf(Error);
    expect(plain).toMatchObject({
      name: "ServiceError",
      status: 409,
      message: "Already paid.",
      fieldErrors: undefined,
    });
    expect(plain.headers).toEqual({});
    expect(fieldError(400, "email", "Taken.").fieldErrors).toEqual({ email: ["Taken."] });
    expect(new ServiceError(429, "Wait.", { retryAfterSeconds: 60 }).headers).toEqual({ "Retry-After": "60" });
  });
});

describe("apiErrorResponse (/api/v1)", () => {
  test("a ServiceError is { message, errors? } with its status, never a 500", async () => {
    const refused = apiErrorResponse(fieldError(409, "email", "An account with this email already exists."));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: "An account with this email already exists.",
      errors: { email: ["An account with this email already exists."] },
    });
    const missing = apiErrorResponse(new ServiceError(404, "Booking not found."));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Booking not found." });
  });

  test("a 429 says when to try again", () => {
    const limited = apiErrorResponse(new ServiceError(429, "Too many.", { retryAfterSeconds: 90 }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("90");
  });

  test("a thrown Response passes through; anything else is a bug and is thrown on", () => {
    const tooLarge = new Response(null, { status: 413 });
    expect(apiErrorResponse(tooLarge)).toBe(tooLarge);
    const bug = new TypeError("x is undefined");
    expect(() => apiErrorResponse(bug)).toThrow(bug);
  });
});

describe("formFailure (page actions)", () => {
  const typed = { email: "ann@example.com", password: "secret" };

  test("field errors go on their fields, with the status, keeping what was typed less hidden fields", () => {
    const answer = formFailure(submissionOf(typed), fieldError(400, "password", "Wrong password."), {
      hideFields: ["password"],
    }) as unknown as Answer;
    expect(answer.init.status).toBe(400);
    expect(answer.data.result.error).toEqual({ password: ["Wrong password."] });
    expect(answer.data.result.initialValue).toEqual({ email: "ann@example.com" });
  });

  test("a message without fields, or for a field the form does not have, is the whole form's", () => {
    const whole = formFailure(submissionOf(typed), new ServiceError(409, "Already signed.")) as unknown as Answer;
    expect(whole.data.result.error).toEqual({ "": ["Already signed."] });
    const elsewhere = formFailure(
      submissionOf(typed),
      fieldError(404, "propertyId", "We could not find that property."),
    ) as unknown as Answer;
    expect(elsewhere.init.status).toBe(404);
    expect(elsewhere.data.result.error).toEqual({ "": ["We could not find that property."] });
  });

  test("Retry-After, extra data, and how the form words the message", () => {
    const answer = formFailure(submissionOf(typed), new ServiceError(429, "Too many.", { retryAfterSeconds: 30 }), {
      extra: (message) => ({ toast: message }),
      formMessage: (message) => `Login failed: ${message}`,
      headers: { "Cache-Control": "no-store" },
    }) as unknown as Answer;
    expect(answer.init).toEqual({ status: 429, headers: { "Retry-After": "30", "Cache-Control": "no-store" } });
    expect(answer.data.toast).toBe("Too many.");
    expect(answer.data.result.error).toEqual({ "": ["Login failed: Too many."] });
  });

  test("an unexpected error is thrown on, unless the page gives a fallback message (then a logged 500)", () => {
    const bug = new Error("database down");
    expect(() => formFailure(submissionOf(typed), bug)).toThrow(bug);
    const answer = formFailure(submissionOf(typed), bug, {
      fallback: { message: "Signup failed.", log: "signup failed" },
    }) as unknown as Answer;
    expect(answer.init.status).toBe(500);
    expect(answer.data.result.error).toEqual({ "": ["Signup failed."] });
    expect(answer.data.result.initialValue).toMatchObject(typed);
  });
});

describe("errorPage (loaders)", () => {
  test("a ServiceError becomes its status page; anything else stays as it is", () => {
    expect(errorPage(new ServiceError(404, "Not found"))).toMatchObject({
      data: { message: "Not found" },
      init: { status: 404 },
    });
    const bug = new Error("bug");
    expect(errorPage(bug)).toBe(bug);
  });
});

describe("parseId", () => {
  test("positive whole numbers that fit the database's integer", () => {
    expect(parseId("42")).toBe(42);
    expect(parseId(42)).toBe(42);
    expect(parseId("2147483647")).toBe(2_147_483_647);
  });

  test("refuses 0 (the payment page used to accept it), signs, decimals, exponents, padding and overflow", () => {
    for (const value of [
      "0",
      "00",
      0,
      "-1",
      -1,
      "1.5",
      1.5,
      "1e3",
      " 1",
      "1 ",
      "",
      "abc",
      "2147483648",
      "99999999999",
    ]) {
      expect(parseId(value), JSON.stringify(value)).toBeNull();
    }
    for (const value of [null, undefined, {}, [], true]) expect(parseId(value)).toBeNull();
  });
});

describe("the honeypot rule", () => {
  const form = (website: string | null) => {
    const body = new FormData();
    body.append("email", "ann@example.com");
    if (website !== null) body.append("website", website);
    return body;
  };

  test("an empty or missing honeypot passes", () => {
    expect(filledHoneypot(form(""))).toBe(false);
    expect(filledHoneypot(form(null))).toBe(false);
    expect(() => refuseFilledHoneypot(form(""), "message")).not.toThrow();
  });

  test("a filled-in honeypot is a 400 that names what was refused", () => {
    expect(filledHoneypot({ website: "http://spam.example" })).toBe(true);
    expect(() => refuseFilledHoneypot(form("http://spam.example"), "message")).toThrow(
      expect.objectContaining({ status: 400, message: "Your message looked automated and was not sent." }),
    );
  });
});
