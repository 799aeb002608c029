import { type APIRequestContext, expect } from "@playwright/test";

/** An admin's API token, made through the admin page as a person would (the token is in the page, once). */
export async function createToken(admin: APIRequestContext, name: string) {
  const response = await admin.post("/admin/api-tokens", { form: { intent: "create", name } });
  expect(response.status()).toBe(200);
  const token = /mw_[\w-]{43}/.exec(await response.text())?.[0];
  expect(token, "the new token is shown on the page").toBeTruthy();
  return token!;
}
